import { usePortal } from '@portal/shared/client';
import { localTimeZone } from '@portal/shared/domain/rules/dates';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { formatDateTimeForReader } from '@portal/shared/ui';

/**
 * A due date in the given time zone (else the viewer's), its name in words, and the viewer's own
 * time beside it when they are elsewhere: "Feb 28, 2025, 11:59 PM Eastern Time (your time: Mar 1,
 * 2025, 4:59 AM Coordinated Universal Time)".
 */
export function formatDueDate(iso: string, timeZone = localTimeZone(), readerZone = localTimeZone()): string {
  return formatDateTimeForReader(iso, timeZone, readerZone);
}

/** The zone the form's times are shown in: the form's, else the chapter's (the build's), else the viewer's. */
export function useFormTimeZone(form: Pick<ApplicationForm, 'timeZone'>): string {
  const { timeZone } = usePortal();
  return form.timeZone ?? timeZone ?? localTimeZone();
}

/** The form's due date in the chapter's time zone (the form's, else the build's), naming the zone. */
export function useDueDate(form: Pick<ApplicationForm, 'dueDate' | 'timeZone'>): string {
  return formatDueDate(form.dueDate, useFormTimeZone(form));
}
