/**
 * The portal's one date format (every page, staff and applicant): "Mar 1, 2025, 11:59 PM EST"
 * with the time, always naming the time zone, or "Mar 1, 2025" for a day alone. The zone is the
 * chapter's (the build's PORTAL_CHAPTER_TIME_ZONE, or a form's own) when given, else the reader's.
 */
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const LOCALE = 'en-US';

export function formatDateTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { ...DATE, ...TIME, timeZone }).format(new Date(value));
}

/** A time of day with seconds and the zone ("9:30:05 AM EST"): when something happened today. */
export function formatTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(value));
}

export function formatDate(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { ...DATE, timeZone }).format(new Date(value));
}

/**
 * A wall-clock time in a time zone ("2026-03-08T02:30", as a `datetime-local` input gives it) as
 * the UTC instant it names. A time skipped by a DST change (02:30 on a spring-forward night) is
 * read with the offset before the change, so it lands after the gap (03:30); a repeated time (the
 * fall-back hour) is the first of the two. Null when the text is not a wall-clock time.
 */
export function zonedTimeToUtc(wallTime: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // A DST change moves the offset at most once within a day: the offsets half a day either side
  // give the candidates; those that read back as the wall time are valid.
  const offsetBefore = zoneOffsetMs(new Date(asUtc - HALF_DAY_MS), timeZone);
  const offsetAfter = zoneOffsetMs(new Date(asUtc + HALF_DAY_MS), timeZone);
  const valid = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
    (candidate) => utcToZonedTime(new Date(candidate), timeZone) === wallTime,
  );
  return new Date(valid.length > 0 ? Math.min(...valid) : asUtc - offsetBefore);
}

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/** A UTC instant as the wall-clock time in a time zone ("2026-03-08T03:30"), for a `datetime-local` input. */
export function utcToZonedTime(value: string | Date, timeZone: string): string {
  const parts = zonedParts(new Date(value), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
