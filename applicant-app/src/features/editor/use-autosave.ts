import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, applicationKeys, notify, saveResponse, usePortal } from '@portal/shared/client';
import {
  AUTOSAVE_DELAY_MS,
  rolesFromAnswers,
  type ApplicationForm,
  type ApplicationResponse,
} from '@portal/shared/domain';
import { clearDraft, ORPHAN_AFTER_MS, readDraft, touchDraft, writeDraft } from './draft-storage';

export const SAVE_FAILED_TOAST = 'Failed to save your application!';
export const NOT_AUTHENTICATED = 'Not authenticated';

export type SaveStatus = 'idle' | 'saving' | 'failed';

export interface Autosave {
  draft: ApplicationResponse;
  /** Applies an edit to the local response (and its dateSubmitted); a save follows 2 s after the last edit. */
  edit: (change: (draft: ApplicationResponse) => ApplicationResponse) => void;
  /** Saves now (the 'Save application' button); resolves true when the server has every edit. */
  saveNow: () => Promise<boolean>;
  status: SaveStatus;
  lastSavedAt: Date | null;
  dirty: boolean;
  /** Set when the server refused a save because another tab or device saved first. */
  conflict: ApplicationResponse | null;
  keepMine: () => void;
  takeTheirs: () => void;
}

/**
 * Spec section 4 autosave, with nothing lost: the applicant's draft is the source of truth on
 * this page and never replaced by server data; each save names the version it was based on,
 * and a stale one is refused (409) and left to the applicant to resolve.
 */
export function useAutosave(form: ApplicationForm, initial: ApplicationResponse): Autosave {
  const { api, identity } = usePortal();
  const queryClient = useQueryClient();
  const stored = useRef(readDraft(initial.id));
  const restoredConflict = stored.current !== null && stored.current.baseVersion !== initial.version;

  const [draft, setDraft] = useState<ApplicationResponse>(stored.current?.draft ?? initial);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [dirty, setDirty] = useState(stored.current !== null);
  const [conflict, setConflict] = useState<ApplicationResponse | null>(restoredConflict ? initial : null);

  const draftRef = useRef(draft);
  const baseVersion = useRef(stored.current?.baseVersion ?? initial.version);
  const editCount = useRef(0);
  const saving = useRef<Promise<boolean> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;

  const remember = useCallback((next: ApplicationResponse) => {
    draftRef.current = next;
    setDraft(next);
    writeDraft(next, baseVersion.current);
  }, []);

  const runSave = useCallback(async (): Promise<boolean> => {
    if (conflictRef.current) return false;
    const snapshot = draftRef.current;
    const editsAtStart = editCount.current;
    setStatus('saving');
    try {
      if (!identity) throw new Error(NOT_AUTHENTICATED);
      const saved = await saveResponse(api, { ...snapshot, version: baseVersion.current });
      baseVersion.current = saved.version;
      setLastSavedAt(new Date());
      setStatus('idle');
      if (editCount.current === editsAtStart) {
        clearDraft(snapshot.id);
        setDirty(false);
        return true;
      }
      writeDraft(draftRef.current, baseVersion.current);
      return false;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        const current =
          (error.details as { current?: ApplicationResponse } | undefined)?.current ??
          (await api.request<ApplicationResponse>('GET', `/responses/${encodeURIComponent(snapshot.id)}`));
        setConflict(current);
        setStatus('failed');
      } else {
        setStatus('failed');
        notify.error(SAVE_FAILED_TOAST);
      }
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    }
  }, [api, identity, queryClient]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    // One save at a time; edits made meanwhile go in the next one.
    while (saving.current) await saving.current;
    const attempt = runSave();
    saving.current = attempt;
    try {
      return await attempt;
    } finally {
      saving.current = null;
    }
  }, [runSave]);

  const edit = useCallback(
    (change: (current: ApplicationResponse) => ApplicationResponse) => {
      const changed = change(draftRef.current);
      const next = {
        ...changed,
        rolesApplied: rolesFromAnswers(form, changed.sectionResponses),
        dateSubmitted: new Date().toISOString(),
      };
      editCount.current += 1;
      remember(next);
      setDirty(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [form, remember, saveNow],
  );

  // Edits restored after a reload go to the server as soon as the page is back.
  useEffect(() => {
    if (stored.current && !restoredConflict) void saveNow();
    return () => window.clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // While unsaved edits exist, keep this tab's copy marked as alive so no other tab adopts it.
  useEffect(() => {
    if (!dirty) return;
    const heartbeat = window.setInterval(() => touchDraft(initial.id), ORPHAN_AFTER_MS / 3);
    return () => window.clearInterval(heartbeat);
  }, [dirty, initial.id]);

  const keepMine = useCallback(() => {
    if (!conflictRef.current) return;
    baseVersion.current = conflictRef.current.version;
    conflictRef.current = null;
    setConflict(null);
    writeDraft(draftRef.current, baseVersion.current);
    void saveNow();
  }, [saveNow]);

  const takeTheirs = useCallback(() => {
    const current = conflictRef.current;
    if (!current) return;
    baseVersion.current = current.version;
    conflictRef.current = null;
    setConflict(null);
    draftRef.current = current;
    setDraft(current);
    clearDraft(current.id);
    setDirty(false);
    setStatus('idle');
  }, []);

  return { draft, edit, saveNow, status, lastSavedAt, dirty, conflict, keepMine, takeTheirs };
}
