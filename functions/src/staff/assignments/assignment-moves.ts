import {
  applicationRowId,
  refsOf,
  rowWithAssignments,
  type ApplicationForm,
  type Assessment,
  type AssignmentRef,
  type RowScoring,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../../audit/audit-entry';
import { assignmentRef, readAll } from './assignments.service';
import { assessmentCollection, type ApplicationState, type ReviewsTransaction } from '../reviews.repository';

/** What reading and writing the moves does in a transaction. */
export type MovesTransaction = Pick<ReviewsTransaction, 'getForm' | 'readApplication' | 'writeApplication'>;

/**
 * Changing many assignments in one transaction (a deleted or demoted reviewer's): read their
 * applications and forms first, change each one's ref on its row (rescored), then write the rows
 * touched.
 */
export interface AssignmentMoves {
  applications: Map<string, ApplicationState | null>;
  forms: Map<string, ApplicationForm | null>;
  changed: Map<string, ApplicationState>;
}

/** The reads: each application and form of `assessments`, once. */
export async function readForMoves(tx: MovesTransaction, assessments: Assessment[]): Promise<AssignmentMoves> {
  const applications = await readAll(
    assessments.map((each) => each.responseId),
    (id) => tx.readApplication(id),
  );
  const forms = await readAll(
    assessments.map((each) => each.applicationFormId),
    (id) => tx.getForm(id),
  );
  return { applications, forms, changed: new Map() };
}

/** The row of `assessment` with its ref changed by `change` (dropped where it answers null), rescored. */
export function moveRef(
  moves: AssignmentMoves,
  assessment: Assessment,
  change: (ref: AssignmentRef) => AssignmentRef | null,
): void {
  const state = moves.applications.get(assessment.responseId);
  const rowId = applicationRowId(assessment.responseId, assessment.role);
  const row = state?.rows.get(rowId);
  if (!state || !row) return;
  const { kind } = assessment;
  const refs = refsOf(row, kind).flatMap((each) => {
    if (each.assessmentId !== assessment.id) return [each];
    const changed = change(each);
    return changed ? [changed] : [];
  });
  const form = moves.forms.get(assessment.applicationFormId);
  state.rows.set(rowId, rowWithAssignments(row, kind, refs, form ?? NO_SCORING));
  moves.changed.set(assessment.responseId, state);
}

/** A row whose form is gone is scored by nothing. */
const NO_SCORING: RowScoring = { reviewRubrics: [], interviewRubrics: [] };

/** Writes each changed application: the rows `assessments` touched, and the response status. */
export function writeMoves(tx: MovesTransaction, moves: AssignmentMoves, assessments: Assessment[]): void {
  for (const state of moves.changed.values()) {
    const roles = new Set(assessments.filter((each) => each.responseId === state.response.id).map((each) => each.role));
    tx.writeApplication(
      state,
      [...state.rows.values()].filter((row) => roles.has(row.role)),
    );
  }
}

/** The audit entry of an assignment taken from its reviewer. */
export const removalEntry = (actor: AuditActor, assessment: Assessment, at: string) =>
  auditEntry({
    actor,
    action: 'assignment.removed',
    target: { collection: assessmentCollection(assessment.kind), id: assessment.id },
    formId: assessment.applicationFormId,
    before: { ...assignmentRef(assessment), state: assessment.state },
    after: null,
    at,
  });
