/** A due date in the viewer's local time zone (or the one given), with the zone's name, e.g. "March 1, 2025 at 11:59 PM EST". */
export function formatDueDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}
