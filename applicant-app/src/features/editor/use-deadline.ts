import { useEffect, useLayoutEffect, useState } from 'react';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { isPastDue } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { isFinalRefusal, type ApplicationAutosave } from './use-application-autosave';

/** setTimeout cannot wait longer than this; a deadline further away is checked by the server. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The editor's closing: at the form's due date (by this device's clock) what is pending is saved
 * one last time and the editor closes; the server's refusal (its clock rules) closes it too. A
 * form whose decisions are released is closed from the start: nothing is sent, since the server
 * takes no save after a release (a copy kept on this device is offered as a download instead).
 * Returns the message to show once closed, or null while open.
 */
export function useDeadline(form: ApplicationForm, autosave: ApplicationAutosave): string | null {
  const dueAt = Date.parse(form.dueDate);
  const released = form.decisionsReleased;
  const [passed, setPassed] = useState(() => isPastDue(form, Date.now()));
  const { flush, close } = autosave;

  // Before the autosave's own start (an effect), which would send a restored copy at once.
  useLayoutEffect(() => {
    if (released) close();
  }, [released, close]);

  useEffect(() => {
    if (passed) return;
    const wait = dueAt - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setPassed(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [dueAt, passed]);

  useEffect(() => {
    if (!passed || released) return;
    let cancelled = false;
    void flush().then(() => {
      if (!cancelled) close();
    });
    return () => {
      cancelled = true;
    };
  }, [passed, released, flush, close]);

  if (released) return RESPONSE_MESSAGES.decisionsReleased;
  if (autosave.status === 'closed' && isFinalRefusal(autosave.error)) return autosave.error.message;
  return passed ? RESPONSE_MESSAGES.pastDue : null;
}
