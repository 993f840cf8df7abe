import type { EmailAttachment } from '@portal/shared/domain';

/**
 * An iCalendar file (RFC 5545) of one interview, attached to its confirmation or cancellation
 * email. Times are UTC (`...Z`), so no VTIMEZONE is needed and every calendar shows the slot in its
 * reader's zone. Text values are escaped (backslash, semicolon, comma, line ends) and every line
 * is folded at 75 octets, lines end in CRLF.
 */
export interface IcsEvent {
  /** Stable per applicant and form: a move or cancellation updates the same calendar entry. */
  uid: string;
  /** Increases with each change of the entry (a move, a cancellation). */
  sequence: number;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string;
  /** A video link, when the place is one. */
  url?: string;
  stamp: Date;
  cancelled?: boolean;
}

/** "20260308T073000Z". */
export const icsUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value (RFC 5545 3.3.11). */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Folds a content line at 75 octets (3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function icsCalendar(event: IcsEvent): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Application Portal//Interviews//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, '')}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function icsAttachment(event: IcsEvent): EmailAttachment {
  return {
    filename: event.cancelled ? 'interview-cancelled.ics' : 'interview.ics',
    contentType: `text/calendar; charset=utf-8; method=PUBLISH`,
    content: icsCalendar(event),
  };
}
