import { useEffect, useState } from 'react';
import { useQueryClient } from '@portal/shared/query';
import {
  applicationKeys,
  defaultClassify,
  isApiRefusal,
  notify,
  saveResponse,
  useAutosave,
  usePortal,
  type Autosave,
  type FailureKind,
} from '@portal/shared/client';
import {
  answerFields,
  rolesFromAnswers,
  withAnswerFields,
  withoutUnchosenAnswers,
} from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import {
  baseOf,
  clearAllDrafts,
  clearDraft,
  ORPHAN_AFTER_MS,
  readDraft,
  touchDraft,
  writeDraft,
} from '../../lib/draft-storage';
import { announceSave, onSaveElsewhere } from '../../lib/saves-elsewhere';

export const SAVE_FAILED_TOAST = 'Failed to save your application!';
export const NOT_AUTHENTICATED = 'Not authenticated';
/** While someone keeps typing, a save still goes out at least this often (the debounce's maximum wait). */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;
/** What is pending is sent this long before the due date, so the last words reach the server in time. */
export const FINAL_SAVE_BEFORE_DUE_MS = 3_000;
/** setTimeout cannot wait longer than this; a due date further away is planned for when the editor reopens. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type ApplicationAutosave = Autosave<ApplicationResponse>;

/** The server will take no more saves of this response: past due, submitted, or its decisions released. */
export const isFinalRefusal = (error: unknown): error is Error =>
  isApiRefusal(error, 'past-due', 'submitted', 'released');

const classify = (error: unknown): FailureKind => (isFinalRefusal(error) ? 'final' : defaultClassify(error));

const withDerivedRoles = (form: ApplicationForm, response: ApplicationResponse): ApplicationResponse => ({
  ...response,
  rolesApplied: rolesFromAnswers(form, response.sectionResponses),
});

/** The server's last save of this response, if it was ever saved (its dateSubmitted is the save's time). */
const lastSaveOf = (response: ApplicationResponse) => (response.version > 0 ? new Date(response.dateSubmitted) : null);

/**
 * The autosave of the application (docs/product.md#autosave), on the portal's one autosave engine, plus what is
 * the applicant's own: every edit is kept in localStorage until the server has it (restored after
 * a reload, merged question by question if another tab saved meanwhile), a failure toasts once,
 * every attempt refreshes the cached responses, and the deadline or a submit elsewhere closes it.
 * Someone who never pauses is saved every 10 s, what is pending goes out once more just before
 * the due date, and a save made in another tab of this browser shows here at once.
 */
export function useApplicationAutosave(form: ApplicationForm, initial: ApplicationResponse): ApplicationAutosave {
  const { api, identity } = usePortal();
  const queryClient = useQueryClient();
  const [stored] = useState(() => readDraft(initial.id, initial.userId));

  const autosave = useAutosave<ApplicationResponse>({
    base: stored
      ? { value: baseOf(stored), version: stored.baseVersion }
      : { value: initial, version: initial.version },
    value: stored?.draft,
    latest: { value: initial, version: initial.version },
    lastSavedAt: lastSaveOf(initial),
    async save(value, version) {
      if (!identity) throw new Error(NOT_AUTHENTICATED);
      const saved = await saveResponse(api, { ...value, version });
      announceSave(saved);
      return { value: saved, version: saved.version };
    },
    maxWaitMs: AUTOSAVE_MAX_WAIT_MS,
    fieldsOf: answerFields,
    withFields: (value, fields) => withDerivedRoles(form, withAnswerFields(value, fields)),
    classify,
    onDraft({ value, base, dirty }) {
      if (dirty) writeDraft(value, base);
      else clearDraft(value.id);
    },
    onSettled({ ok, error, firstFailure }) {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      if (ok || !firstFailure) return;
      notify.error(isFinalRefusal(error) ? error.message : SAVE_FAILED_TOAST);
    },
    onDiscard: () => clearAllDrafts(initial.id),
  });

  // While unsaved edits exist, keep this tab's copy marked as alive so no other tab adopts it.
  const { dirty } = autosave;
  useEffect(() => {
    if (!dirty) return;
    const heartbeat = window.setInterval(() => touchDraft(initial.id), ORPHAN_AFTER_MS / 3);
    return () => window.clearInterval(heartbeat);
  }, [dirty, initial.id]);

  // A save from another tab of this browser: shown here at once, merged with what is typed here.
  const { receive, flush } = autosave;
  useEffect(
    () =>
      onSaveElsewhere(initial.id, initial.userId, (response) =>
        receive({ value: response, version: response.version }),
      ),
    [initial.id, initial.userId, receive],
  );

  // The last seconds before the due date: what is pending goes now, not after the pause (too late).
  const dueAt = Date.parse(form.dueDate);
  useEffect(() => {
    const wait = dueAt - FINAL_SAVE_BEFORE_DUE_MS - Date.now();
    if (!(dueAt > Date.now()) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void flush(), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [dueAt, flush]);

  return autosave;
}

/**
 * An edit of the response: refreshes dateSubmitted and rolesApplied (docs/product.md#autosave),
 * and drops the answers to sections of roles no longer chosen, as the server does when it saves.
 */
export function editedResponse(form: ApplicationForm, response: ApplicationResponse): ApplicationResponse {
  const derived = withDerivedRoles(form, response);
  return {
    ...derived,
    sectionResponses: withoutUnchosenAnswers(form, derived.sectionResponses),
    dateSubmitted: new Date().toISOString(),
  };
}
