import { useCallback } from 'react';
import { defaultStaleCopy, useAutosave, usePortal, type Autosave, type Versioned } from '@portal/shared/client';
import type { Scores } from '@portal/shared/domain/rules/scoring';
import type { AssessmentView } from '@portal/shared/domain/rules/staff';
import type { AssessmentBody } from '@portal/shared/domain/schemas/staff-api';
import { saveAssessment } from '../../api/assessments';

export interface AssessmentValue {
  scores: Scores;
  comments: string;
}

export interface AssessmentDraft extends Autosave<AssessmentValue> {
  setScore: (key: string, value: number) => void;
  setComments: (text: string) => void;
  /** Stops the autosave and gives what the server needs to take this draft as submitted (null during a conflict). */
  toSubmit: () => Promise<AssessmentBody | null>;
}

const SCORE = 'score:';
const valueOf = ({ scores, comments }: Pick<AssessmentView, 'scores' | 'comments'>): AssessmentValue => ({
  scores,
  comments,
});

/** Each criterion's score and the comments are the fields merged when another tab saved first. */
export function assessmentFields({ scores, comments }: AssessmentValue): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(scores).map(([key, score]) => [`${SCORE}${key}`, score])), comments };
}

function fromFields(fields: Readonly<Record<string, unknown>>): AssessmentValue {
  const scores: Scores = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith(SCORE) && typeof value === 'number') scores[key.slice(SCORE.length)] = value;
  }
  return { scores, comments: typeof fields.comments === 'string' ? fields.comments : '' };
}

/**
 * The review or interview being written, on the portal's one autosave: saved 2 s after the last
 * change with the version it is based on; a save from another tab or device is merged per
 * criterion and comments, and only a field changed on both sides asks.
 */
export function useAssessmentDraft(assessment: AssessmentView, editable: boolean): AssessmentDraft {
  const { api } = usePortal();
  const autosave = useAutosave<AssessmentValue>({
    base: { value: valueOf(assessment), version: assessment.version },
    lastSavedAt: assessment.state === 'not-started' ? null : new Date(assessment.updatedAt),
    async save(value, version) {
      const saved = await saveAssessment(api, assessment.kind, assessment.id, { ...value, version });
      return { value: valueOf(saved), version: saved.version };
    },
    fieldsOf: assessmentFields,
    withFields: (_value, fields) => fromFields(fields),
    staleCopy: (error) => {
      const stale = defaultStaleCopy<AssessmentView>(error);
      return stale
        ? ({ value: valueOf(stale.value), version: stale.version } satisfies Versioned<AssessmentValue>)
        : null;
    },
  });
  const { edit, settle } = autosave;

  const setScore = useCallback(
    (key: string, value: number) => {
      if (editable) edit((current) => ({ ...current, scores: { ...current.scores, [key]: value } }));
    },
    [edit, editable],
  );
  const setComments = useCallback(
    (text: string) => {
      if (editable) edit((current) => ({ ...current, comments: text }));
    },
    [edit, editable],
  );
  const toSubmit = useCallback(async () => {
    const settled = await settle();
    return settled && { ...settled.value, version: settled.version };
  }, [settle]);

  return { ...autosave, setScore, setComments, toSubmit };
}
