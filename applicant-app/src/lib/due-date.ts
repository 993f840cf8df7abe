import { usePortal } from '@portal/shared/client';
import { formatDateTime, type ApplicationForm } from '@portal/shared/domain';

/** A due date in the given time zone (else the viewer's), in the portal's one format: "Mar 1, 2025, 11:59 PM EST". */
export function formatDueDate(iso: string, timeZone?: string): string {
  return formatDateTime(iso, timeZone);
}

/** The form's due date in the chapter's time zone (the form's, else the build's), naming the zone. */
export function useDueDate(form: Pick<ApplicationForm, 'dueDate' | 'timeZone'>): string {
  const { timeZone } = usePortal();
  return formatDueDate(form.dueDate, form.timeZone ?? timeZone);
}
