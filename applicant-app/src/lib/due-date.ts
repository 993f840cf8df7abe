import { usePortal } from '@portal/shared/client';
import type { ApplicationForm } from '@portal/shared/domain';

/** A due date in the given time zone (else the viewer's), with the zone's name, e.g. "March 1, 2025 at 11:59 PM EST". */
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

/** The form's due date in the chapter's time zone (the form's, else the build's), naming the zone. */
export function useDueDate(form: Pick<ApplicationForm, 'dueDate' | 'timeZone'>): string {
  const { timeZone } = usePortal();
  return formatDueDate(form.dueDate, form.timeZone ?? timeZone);
}
