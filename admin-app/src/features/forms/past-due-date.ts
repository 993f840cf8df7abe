/** The definition's due date when it is a date in the past (saving it closes the form at once). */
export function pastDueDate(definition: unknown, now = Date.now()): string | null {
  const dueDate = (definition as { dueDate?: unknown } | null)?.dueDate;
  if (typeof dueDate !== 'string') return null;
  const time = new Date(dueDate).getTime();
  return Number.isFinite(time) && time < now ? dueDate : null;
}

export const pastDueMessage = (formattedDueDate: string) =>
  `The due date (${formattedDueDate}) is in the past: the form would take no applications.`;
