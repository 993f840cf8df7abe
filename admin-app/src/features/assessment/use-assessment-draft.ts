import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, usePortal } from '@portal/shared/client';
import { AUTOSAVE_DELAY_MS, type AssessmentBody, type AssessmentView, type Scores } from '@portal/shared/domain';
import { saveAssessment } from '../../api/assessments';

export type SaveStatus = 'idle' | 'saving' | 'failed';

export interface AssessmentDraft {
  scores: Scores;
  comments: string;
  setScore: (key: string, value: number) => void;
  setComments: (text: string) => void;
  status: SaveStatus;
  lastSavedAt: Date | null;
  /** Set when the server refused a save (409): the message to show; nothing is saved until reloaded. */
  conflict: string | null;
  /** Waits for any save under way, then gives what the server needs to take this draft (or submit it). */
  settle: () => Promise<AssessmentBody>;
  /** The server took a submit: nothing is left to save. */
  markDone: () => void;
}

/**
 * The review or interview being written: saved 2 s after the last change, each save naming the
 * version it was based on, so a save from another tab or device is refused instead of overwritten.
 */
export function useAssessmentDraft(assessment: AssessmentView, editable: boolean): AssessmentDraft {
  const { api } = usePortal();
  const [scores, setScores] = useState<Scores>(assessment.scores);
  const [comments, setCommentsState] = useState(assessment.comments);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(
    assessment.state === 'not-started' ? null : new Date(assessment.updatedAt),
  );
  const [conflict, setConflict] = useState<string | null>(null);

  const latest = useRef({ scores: assessment.scores, comments: assessment.comments });
  const version = useRef(assessment.version);
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const blocked = useRef(false);

  const runSave = useCallback(async () => {
    if (blocked.current || savedEdits.current === edits.current) return;
    const editsAtStart = edits.current;
    setStatus('saving');
    try {
      const saved = await saveAssessment(api, assessment.kind, assessment.id, {
        ...latest.current,
        version: version.current,
      });
      version.current = saved.version;
      savedEdits.current = editsAtStart;
      setLastSavedAt(new Date());
      setStatus('idle');
    } catch (error) {
      setStatus('failed');
      if (error instanceof ApiRequestError && error.status === 409) {
        blocked.current = true;
        setConflict(error.message);
      }
    }
  }, [api, assessment.kind, assessment.id]);

  const saveNow = useCallback(async () => {
    window.clearTimeout(timer.current);
    while (saving.current) await saving.current;
    const attempt = runSave();
    saving.current = attempt;
    try {
      await attempt;
    } finally {
      saving.current = null;
    }
  }, [runSave]);

  const changed = useCallback(() => {
    edits.current += 1;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  }, [saveNow]);

  const setScore = useCallback(
    (key: string, value: number) => {
      if (!editable) return;
      latest.current = { ...latest.current, scores: { ...latest.current.scores, [key]: value } };
      setScores(latest.current.scores);
      changed();
    },
    [changed, editable],
  );

  const setComments = useCallback(
    (text: string) => {
      if (!editable) return;
      latest.current = { ...latest.current, comments: text };
      setCommentsState(text);
      changed();
    },
    [changed, editable],
  );

  const settle = useCallback(async () => {
    window.clearTimeout(timer.current);
    while (saving.current) await saving.current;
    return { ...latest.current, version: version.current };
  }, []);

  const markDone = useCallback(() => {
    window.clearTimeout(timer.current);
    savedEdits.current = edits.current;
    blocked.current = true;
  }, []);

  // Leaving the page within the 2 s still saves what was written.
  useEffect(
    () => () => {
      if (timer.current !== undefined && savedEdits.current !== edits.current) void saveNow();
      window.clearTimeout(timer.current);
    },
    [saveNow],
  );

  return { scores, comments, setScore, setComments, status, lastSavedAt, conflict, settle, markDone };
}
