import { isPastDue } from '@portal/shared/domain/rules/form-rules';

/** The definition's due date when it is past already (saving it closes the form at once). */
export function pastDueDate(definition: unknown, now = Date.now()): string | null {
  const dueDate = (definition as { dueDate?: unknown } | null)?.dueDate;
  return typeof dueDate === 'string' && isPastDue(dueDate, now) ? dueDate : null;
}

export const pastDueMessage = (formattedDueDate: string) =>
  `The due date (${formattedDueDate}) is in the past: the form would take no applications.`;
