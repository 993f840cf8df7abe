/**
 * The portal's one date format (every page, staff and applicant): "Mar 1, 2025, 11:59 PM EST"
 * with the time, always naming the time zone, or "Mar 1, 2025" for a day alone. The zone is the
 * chapter's (the build's PORTAL_CHAPTER_TIME_ZONE, or a form's own) when given, else the reader's.
 */
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const LOCALE = 'en-US';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per locale and options, made once: making one costs far more than
 * formatting with it (a dashboard of dates made hundreds, about 0.2 s of a page's first render).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Options are a handful of shapes times the zones in use; the bound only guards against a leak.
    if (formats.size >= 1000) formats.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export function formatDateTime(value: string | Date, timeZone?: string): string {
  return dateTimeFormat(LOCALE, { ...DATE, ...TIME, timeZone }).format(new Date(value));
}

/** A time of day with seconds and the zone ("9:30:05 AM EST"): when something happened today. */
export function formatTime(value: string | Date, timeZone?: string): string {
  return dateTimeFormat(LOCALE, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(value));
}

export function formatDate(value: string | Date, timeZone?: string): string {
  return dateTimeFormat(LOCALE, { ...DATE, timeZone }).format(new Date(value));
}

/** A wall-clock time as a `datetime-local` input holds it: "2026-03-08T09:30". */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const WALL_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** An instant as the wall-clock time of `timeZone` ("2026-03-08T09:30"), for a `datetime-local` input. */
export function toZonedWallTime(value: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat(LOCALE, { ...WALL_PARTS, timeZone })
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetMs(instant: number, timeZone: string): number {
  const wall = toZonedWallTime(new Date(instant), timeZone);
  const [, y, mo, d, h, mi] = WALL_TIME.exec(wall)!.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The UTC instant of a wall-clock time in `timeZone` ("2026-03-08T09:30" in America/New_York).
 * Across a DST change: a time that occurs twice (the fall-back hour) is its first occurrence; a
 * time that never occurs (the spring-forward gap) moves forward by the gap, as clocks do.
 * Null when `wall` is not a wall-clock time.
 */
export function fromZonedWallTime(wall: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(asUtc) || toZonedWallTime(new Date(asUtc), 'UTC') !== wall) return null;
  const day = 24 * 60 * 60 * 1000;
  const before = asUtc - offsetMs(asUtc - day, timeZone);
  const after = asUtc - offsetMs(asUtc + day, timeZone);
  const valid = [before, after].filter((instant) => toZonedWallTime(new Date(instant), timeZone) === wall);
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

/** The reader's own time zone (the browser's or the server's). */
export const localTimeZone = (): string => dateTimeFormat(LOCALE, {}).resolvedOptions().timeZone;

function zonePart(timeZone: string, at: Date, style: Intl.DateTimeFormatOptions['timeZoneName']): string {
  return (
    dateTimeFormat(LOCALE, { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * A time zone's name in words, as people say it: "Eastern Time", "Central European Time",
 * "Coordinated Universal Time" (never a zone id like "America/New_York"). A zone with no generic
 * name gets its name at that instant, else its offset ("GMT-05:00").
 */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  const generic = zonePart(timeZone, at, 'longGeneric');
  return generic.startsWith('GMT') ? zonePart(timeZone, at, 'long') : generic;
}

/** The day (YYYY-MM-DD) and hour (0-23) at `at` in `timeZone`. */
export function zonedDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}
