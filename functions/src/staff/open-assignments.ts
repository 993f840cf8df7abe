import {
  applicationRowId,
  displayName,
  formReviewRoleRule,
  refsOf,
  type Assessment,
  type OpenAssignmentAction,
  type User,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import type { UsersTransaction } from './admin-users.repository';
import { assignmentRef } from './assignments/assignments.service';
import { leastLoadedEligible } from './assignments/auto-assign.service';
import type { conflictsWith } from './conflicts/conflicts';
import { moveRef, readForMoves, removalEntry, writeMoves } from './assignments/assignment-moves';
import { assessmentCollection } from './reviews.repository';
import { emptyLoad, loadCounts, loadWith, staffLoadId, type StaffLoad } from './staff-load';

/**
 * The open (not submitted) reviews and interviews of reviewers who stop being staff, moved in the
 * role change's transaction: reassigned to the least loaded eligible staff member (auto-assign's
 * rules: not the applicant, not already assigned, prefers the role), or unassigned (also when no
 * one is eligible). A reassigned draft starts over: its scores and comments were the leaving
 * reviewer's. Each move is audited as the removal and, when reassigned, the new assignment.
 */
export async function moveOpenAssignments(
  tx: UsersTransaction,
  input: {
    open: Assessment[];
    action: OpenAssignmentAction;
    /** The staff who remain (the leaving reviewers left out). */
    staff: User[];
    /** The stored loads of the forms concerned, for the balancing. */
    loads: StaffLoad[];
    /** Declared conflicts of interest (`conflictsWith`): never a reassignment's choice. */
    conflicted: ReturnType<typeof conflictsWith>;
    actor: AuditActor;
    at: string;
  },
): Promise<{ reassigned: number; unassigned: number }> {
  const { open, action, staff, actor, at } = input;
  const moves = await readForMoves(tx, open);
  const { applications } = moves;

  // The plan, on the loads as stored (per form and kind), then the loads it changes read in the transaction.
  const counts = new Map(input.loads.map((load) => [load.id, load]));
  const current = (formId: string, kind: Assessment['kind']) =>
    new Map(staff.map((user) => [user.id, loadCounts(counts.get(staffLoadId(formId, user.id)), kind).assigned]));
  const plan: { assessment: Assessment; to: User | null }[] = [];
  for (const assessment of open) {
    const row = applications
      .get(assessment.responseId)
      ?.rows.get(applicationRowId(assessment.responseId, assessment.role));
    let to: User | null = null;
    if (action === 'reassign' && row) {
      const taken = plan.filter(
        (each) => each.assessment.id !== assessment.id && each.to && sameRow(each.assessment, assessment),
      );
      const refs = [...refsOf(row, assessment.kind), ...taken.map((each) => ({ staffId: each.to!.id }))];
      const form = await tx.getForm(assessment.applicationFormId);
      const { requiredRole } = formReviewRoleRule(form ?? {});
      const load = current(assessment.applicationFormId, assessment.kind);
      const applicant = { userId: row.userId, email: row.applicantEmail };
      const eligible = staff.filter((user) => !input.conflicted(user.id, applicant));
      to = leastLoadedEligible(eligible, row, refs, load, 1, requiredRole)[0] ?? null;
      if (to) {
        const id = staffLoadId(assessment.applicationFormId, to.id);
        const load = counts.get(id) ?? emptyLoad(assessment.applicationFormId, to.id);
        counts.set(id, loadWith(load, assessment.kind, { assigned: 1 }));
      }
    }
    plan.push({ assessment, to });
  }
  const loads = new Map<string, StaffLoad>();
  for (const { assessment, to } of plan) {
    for (const staffId of [assessment.staffId, ...(to ? [to.id] : [])]) {
      const id = staffLoadId(assessment.applicationFormId, staffId);
      if (!loads.has(id)) loads.set(id, await tx.getLoad(assessment.applicationFormId, staffId));
    }
  }

  for (const { assessment, to } of plan) {
    const { kind } = assessment;
    const leaving = staffLoadId(assessment.applicationFormId, assessment.staffId);
    loads.set(leaving, loadWith(loads.get(leaving)!, kind, { assigned: -1 }));
    tx.record(removalEntry(actor, assessment, at));
    if (!to) {
      tx.deleteAssessment(kind, assessment.id);
      moveRef(moves, assessment, () => null);
      continue;
    }
    const moved: Assessment = {
      ...assessment,
      staffId: to.id,
      staffName: displayName(to),
      scores: {},
      comments: '',
      state: 'not-started',
      score: null,
      version: assessment.version + 1,
      updatedAt: at,
    };
    tx.setAssessment(moved);
    const id = staffLoadId(assessment.applicationFormId, moved.staffId);
    loads.set(id, loadWith(loads.get(id)!, kind, { assigned: 1 }));
    tx.record(
      auditEntry({
        actor,
        action: 'assignment.created',
        target: { collection: assessmentCollection(kind), id: moved.id },
        formId: moved.applicationFormId,
        before: null,
        after: assignmentRef(moved),
        at,
      }),
    );
    moveRef(moves, assessment, () => ({
      assessmentId: moved.id,
      staffId: moved.staffId,
      staffName: moved.staffName,
      state: moved.state,
    }));
  }
  writeMoves(tx, moves, open);
  for (const load of loads.values()) tx.setLoad(load);
  const reassigned = plan.filter((each) => each.to).length;
  return { reassigned, unassigned: plan.length - reassigned };
}

const sameRow = (a: Assessment, b: Assessment) =>
  a.responseId === b.responseId && a.role === b.role && a.kind === b.kind;
