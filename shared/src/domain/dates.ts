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
