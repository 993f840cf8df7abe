import { useTimeZone } from '@portal/shared/client';
import { dateTimeFormat, formatDate, localTimeZone, timeZoneName } from '@portal/shared/domain/rules/dates';

export { timeZoneName };

const LOCALE = 'en-US';
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const wallTime = (at: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(LOCALE, { ...options, timeZone }).format(at);

/** A date and time in a zone, the zone named in words: "Mar 9, 2026, 9:30 AM Eastern Time". */
export function formatZonedDateTime(value: string | Date, timeZone: string): string {
  const at = new Date(value);
  return `${wallTime(at, timeZone, { ...DATE, ...TIME })} ${timeZoneName(timeZone, at)}`;
}

/**
 * The same instant on the reader's clock, when the reader's zone shows another time or zone name:
 * "your time: 2:30 PM Central European Time" (with the date when it is another day there); null
 * when the reader is in the zone shown.
 */
export function formatLocalTime(value: string | Date, timeZone: string, readerZone = localTimeZone()): string | null {
  const at = new Date(value);
  const shown = formatZonedDateTime(at, timeZone);
  const local = formatZonedDateTime(at, readerZone);
  if (local === shown) return null;
  const sameDay = wallTime(at, timeZone, DATE) === wallTime(at, readerZone, DATE);
  const time = wallTime(at, readerZone, sameDay ? TIME : { ...DATE, ...TIME });
  return `your time: ${time} ${timeZoneName(readerZone, at)}`;
}

/** As text (a title, a label): "Mar 9, 2026, 9:30 AM Eastern Time (your time: 2:30 PM Central European Time)". */
export function formatDateTimeForReader(value: string | Date, timeZone: string, readerZone = localTimeZone()): string {
  const local = formatLocalTime(value, timeZone, readerZone);
  return local ? `${formatZonedDateTime(value, timeZone)} (${local})` : formatZonedDateTime(value, timeZone);
}

const TIME_WITH_SECONDS: Intl.DateTimeFormatOptions = { ...TIME, second: '2-digit' };

/**
 * A moment just past, such as a save: the time with seconds (the date too when it was not today
 * there), in `timeZone` named in words, with the reader's own time beside it when their zone shows
 * another: "9:30:05 AM Eastern Time (your time: 3:30:05 PM Central European Time)".
 */
export function formatMomentForReader(
  value: Date,
  timeZone: string,
  now: Date = new Date(),
  readerZone = localTimeZone(),
): string {
  const inZone = (zone: string) => {
    const today = wallTime(value, zone, DATE) === wallTime(now, zone, DATE);
    return `${wallTime(value, zone, today ? TIME_WITH_SECONDS : { ...DATE, ...TIME_WITH_SECONDS })} ${timeZoneName(zone, value)}`;
  };
  const shown = inZone(timeZone);
  const local = inZone(readerZone);
  return local === shown ? shown : `${shown} (your time: ${local})`;
}

/**
 * The portal's times for a reader: in one zone (the form's, else the chapter's from the build,
 * else the reader's), named in words, with the reader's own time beside it when theirs differs.
 */
export function useReaderTime(formTimeZone?: string) {
  const zone = useTimeZone(formTimeZone);
  return {
    zone,
    /** The zone's name in words, e.g. "Eastern Time". */
    zoneName: timeZoneName(zone),
    /** "Mar 9, 2026, 9:30 AM Eastern Time (your time: 2:30 PM Central European Time)". */
    format: (value: string | Date) => formatDateTimeForReader(value, zone),
  };
}

/**
 * A date and time in the portal's one zone (the chapter's, or `timeZone`), named in words, as a
 * <time> element, with the reader's own time beside it when their zone differs; a date alone
 * (`dateOnly`) names no zone.
 */
export function DateTime({
  value,
  dateOnly = false,
  timeZone,
}: {
  value: string;
  dateOnly?: boolean;
  timeZone?: string;
}) {
  const zone = useTimeZone(timeZone);
  if (dateOnly) return <time dateTime={value}>{formatDate(value, zone)}</time>;
  const local = formatLocalTime(value, zone);
  return (
    <>
      <time dateTime={value}>{formatZonedDateTime(value, zone)}</time>
      {local && ` (${local})`}
    </>
  );
}
