import { useEffect, useState } from 'react';
import { isPastDue, RESPONSE_MESSAGES, type ApplicationForm } from '@portal/shared/domain';
import { isFinalRefusal, type ApplicationAutosave } from './use-application-autosave';

/** setTimeout cannot wait longer than this; a deadline further away is checked by the server. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The editor's closing: at the form's due date (by this device's clock) what is pending is saved
 * one last time and the editor closes; the server's refusal (its clock rules) closes it too.
 * Returns the message to show once closed, or null while open.
 */
export function useDeadline(form: ApplicationForm, autosave: ApplicationAutosave): string | null {
  const dueAt = Date.parse(form.dueDate);
  const [passed, setPassed] = useState(() => isPastDue(form, Date.now()));
  const { flush, close } = autosave;

  useEffect(() => {
    if (passed) return;
    const wait = dueAt - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setPassed(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [dueAt, passed]);

  useEffect(() => {
    if (!passed) return;
    let cancelled = false;
    void flush().then(() => {
      if (!cancelled) close();
    });
    return () => {
      cancelled = true;
    };
  }, [passed, flush, close]);

  if (autosave.status === 'closed' && isFinalRefusal(autosave.error)) return autosave.error.message;
  return passed ? RESPONSE_MESSAGES.pastDue : null;
}
