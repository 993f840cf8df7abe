import { parseIcs, icsDate, icsEvent } from '../testing/parse-ics';
import { foldLine, icsCalendar, icsText } from './ics';

const EVENT = {
  uid: 'interview-spring-2025-ada@portal',
  sequence: 3,
  start: new Date('2026-11-01T05:30:00.000Z'),
  minutes: 90,
  summary: 'Interview with Example Chapter; Engineering, Design',
  description: 'Line one\nLine two, with a \\ backslash; and more',
  location: 'Room 101, Main St; 2nd floor',
  url: 'https://meet.example.com/abc',
  stamp: new Date('2026-10-20T12:00:00.000Z'),
};

describe('an interview as iCalendar (RFC 5545)', () => {
  it('reads back with its times in UTC and its texts unescaped', () => {
    const event = icsEvent(icsCalendar(EVENT));
    expect(icsDate(event.DTSTART!).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // 90 minutes across the fall-back hour in New York: the end is 90 real minutes later.
    expect(icsDate(event.DTEND!).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(event).toMatchObject({
      UID: EVENT.uid,
      SEQUENCE: '3',
      DTSTAMP: '20261020T120000Z',
      SUMMARY: EVENT.summary,
      DESCRIPTION: EVENT.description,
      LOCATION: EVENT.location,
      URL: EVENT.url,
      STATUS: 'CONFIRMED',
    });
  });

  it('is one VCALENDAR with one VEVENT, CRLF line ends and a PRODID', () => {
    const file = icsCalendar(EVENT);
    const names = parseIcs(file).map(
      (property) => `${property.name}:${property.name.match(/BEGIN|END/) ? property.value : ''}`,
    );
    expect(names[0]).toBe('BEGIN:VCALENDAR');
    expect(names.at(-1)).toBe('END:VCALENDAR');
    expect(names.filter((name) => name === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(parseIcs(file).find((property) => property.name === 'VERSION')?.value).toBe('2.0');
    expect(parseIcs(file).find((property) => property.name === 'PRODID')).toBeDefined();
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('marks a cancellation CANCELLED', () => {
    expect(icsEvent(icsCalendar({ ...EVENT, cancelled: true })).STATUS).toBe('CANCELLED');
  });

  it('escapes backslash, semicolon, comma and line ends in text', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const place = `Salle ${'é'.repeat(60)} – ${'ü'.repeat(40)} 🎉 end`;
    const file = icsCalendar({ ...EVENT, location: place });
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(icsEvent(file).LOCATION).toBe(place);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps a line break out of a URL', () => {
    expect(icsEvent(icsCalendar({ ...EVENT, url: 'https://a.example\r\nX-EVIL:1' })).URL).toBe(
      'https://a.exampleX-EVIL:1',
    );
    expect(parseIcs(icsCalendar({ ...EVENT, url: 'https://a.example\r\nX-EVIL:1' })).map((p) => p.name)).not.toContain(
      'X-EVIL',
    );
  });
});
