import { createHash } from 'node:crypto';
import {
  displayName,
  formReviewRoleRule,
  STAFF_MESSAGES,
  type ApplicationRow,
  type AddedReviewer,
  type AutoAssignPlanItem,
  type AutoAssignPreview,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import type { AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import { assignInTransaction } from './assignments.service';
import { conflictsWith } from './conflicts';
import { formOrNotFound } from './dashboard.service';
import type { ReviewsRepository } from './reviews.repository';
import { assertNotReleased, noRowError } from './staff-errors';
import type { StaffLoad } from './staff-load';

/**
 * Rows per transaction: each row takes up to 5 assignments (assessment + audit entry each), its
 * own update and its response's status, plus one load per staff member: 20 rows stay well under
 * Firestore's 500 writes per commit.
 */
const ROWS_PER_TRANSACTION = 20;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The form's required review role (Bootcamp for the spec's rule) is in every reviewer's
 * preferences; a super-reviewer who set none reviews every role.
 */
export function prefersRole(user: User, role: TeamRole, requiredRole: TeamRole | undefined): boolean {
  if (role === requiredRole) return true;
  const preferences = user.applicantRolePreferences ?? [];
  if (user.role === 'super-reviewer' && preferences.length === 0) return true;
  return preferences.includes(role);
}

/**
 * Auto-assign's choice for a row: up to `need` staff members who are not the applicant, not
 * assigned yet (`refs`) and prefer the row's role, least loaded first (`load`, ties by id).
 */
export function leastLoadedEligible(
  staff: User[],
  row: Pick<ApplicationRow, 'userId' | 'role'>,
  refs: { staffId: string }[],
  load: Map<string, number>,
  need: number,
  /** The form's required review role (`formReviewRoleRule`). */
  requiredRole: TeamRole | undefined,
): User[] {
  const assigned = new Set(refs.map((ref) => ref.staffId));
  return staff
    .filter((user) => user.id !== row.userId && !assigned.has(user.id) && prefersRole(user, row.role, requiredRole))
    .sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || byId(a, b))
    .slice(0, need);
}

/**
 * The plan: each row short of `perRow` reviews gets the least loaded eligible staff members
 * (load for the form plus what the plan already gave them; ties by id). Deterministic.
 */
export function planAutoAssign(input: {
  formId: string;
  perRow: number;
  /** The form's required review role (`formReviewRoleRule`). */
  requiredRole: TeamRole | undefined;
  rows: ApplicationRow[];
  staff: User[];
  loads: StaffLoad[];
  /** Staff members who declared a conflict with the row's applicant (`conflictsWith`): never chosen. */
  conflicted?: (staffId: string, applicant: { userId: string; email: string }) => boolean;
}): AutoAssignPreview {
  const staff = [...input.staff].sort(byId);
  const before = new Map(staff.map((user) => [user.id, 0]));
  for (const load of input.loads) if (before.has(load.staffId)) before.set(load.staffId, load.reviewsAssigned);
  const current = new Map(before);

  const rows = input.rows
    .filter((row) => row.reviewsAssigned < input.perRow)
    .sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : byId(a, b)));
  const assignments: AutoAssignPlanItem[] = [];
  const unfilled: AutoAssignPreview['unfilled'] = [];
  for (const row of rows) {
    const need = input.perRow - row.reviewsAssigned;
    const applicant = { userId: row.userId, email: row.applicantEmail };
    const eligible = input.conflicted ? staff.filter((user) => !input.conflicted!(user.id, applicant)) : staff;
    const chosen = leastLoadedEligible(eligible, row, row.reviews, current, need, input.requiredRole);
    for (const user of chosen) {
      current.set(user.id, current.get(user.id)! + 1);
      assignments.push({
        responseId: row.responseId,
        role: row.role,
        staffId: user.id,
        applicantName: row.applicantName,
        staffName: displayName(user),
      });
    }
    if (chosen.length < need) {
      unfilled.push({
        responseId: row.responseId,
        role: row.role,
        applicantName: row.applicantName,
        missing: need - chosen.length,
      });
    }
  }

  const canonical = JSON.stringify({
    formId: input.formId,
    perRow: input.perRow,
    assignments: assignments.map((item) => [item.responseId, item.role, item.staffId]),
    unfilled: unfilled.map((item) => [item.responseId, item.role, item.missing]),
  });
  return {
    planId: createHash('sha256').update(canonical).digest('hex'),
    reviewersPerApplication: input.perRow,
    assignments,
    unfilled,
    loads: staff.map((user) => ({
      staffId: user.id,
      staffName: displayName(user),
      before: before.get(user.id)!,
      after: current.get(user.id)!,
    })),
  };
}

export function createAutoAssignService(deps: { reviews: ReviewsRepository; now: () => Date }) {
  const { reviews } = deps;

  async function preview(formId: string, perRow: number): Promise<AutoAssignPreview> {
    const form = await formOrNotFound(reviews, formId);
    // Only the rows still short of reviewers: one equality query per assigned count below perRow.
    const short = await Promise.all(
      Array.from({ length: perRow }, (_, assigned) => reviews.rowsWithReviewsAssigned(formId, assigned)),
    );
    const [staff, loads, conflicts] = await Promise.all([
      reviews.listStaff(),
      reviews.loadsOf(formId),
      reviews.conflicts(),
    ]);
    const { requiredRole } = formReviewRoleRule(form);
    const conflicted = conflictsWith(conflicts);
    return planAutoAssign({ formId, perRow, requiredRole, rows: short.flat(), staff, loads, conflicted });
  }

  return {
    preview,

    /**
     * "Add a reviewer" (a disagreement's action): one more review of the row, for the least loaded
     * eligible reviewer as auto-assign chooses them, with its audit entry.
     */
    async addReviewer(responseId: string, role: TeamRole, actor: AuditActor): Promise<AddedReviewer> {
      const response = await reviews.getResponse(responseId);
      if (!response) throw noRowError();
      const form = await formOrNotFound(reviews, response.applicationFormId);
      assertNotReleased(form);
      const row = (await reviews.rowsOf(response)).find((candidate) => candidate.role === role);
      if (!row) throw noRowError();
      const [staff, loads, conflicts] = await Promise.all([
        reviews.listStaff(),
        reviews.loadsOf(form.id),
        reviews.conflicts(),
      ]);
      const load = new Map(loads.map((entry) => [entry.staffId, entry.reviewsAssigned]));
      const conflicted = conflictsWith(conflicts);
      const eligible = staff.filter((user) => !conflicted(user.id, { userId: row.userId, email: row.applicantEmail }));
      const [chosen] = leastLoadedEligible(eligible, row, row.reviews, load, 1, formReviewRoleRule(form).requiredRole);
      if (!chosen) throw new ApiError('conflict', STAFF_MESSAGES.noEligibleReviewer);
      const at = deps.now().toISOString();
      const [assessment] = await reviews.transaction((tx) =>
        assignInTransaction(tx, 'review', [{ responseId, role, staffId: chosen.id }], at, actor),
      );
      return { assessmentId: assessment!.id, staffId: chosen.id, staffName: displayName(chosen) };
    },

    /** Each chunk's transaction also appends one audit entry per assignment it makes. */
    async apply(formId: string, perRow: number, planId: string, actor: AuditActor): Promise<{ created: number }> {
      assertNotReleased(await formOrNotFound(reviews, formId));
      const plan = await preview(formId, perRow);
      if (plan.planId !== planId) throw ApiError.because('plan-changed', STAFF_MESSAGES.planChanged);
      const byRow = new Map<string, AutoAssignPlanItem[]>();
      for (const item of plan.assignments) {
        const key = `${item.responseId}__${item.role}`;
        byRow.set(key, [...(byRow.get(key) ?? []), item]);
      }
      const groups = [...byRow.values()];
      const at = deps.now().toISOString();
      let created = 0;
      for (let start = 0; start < groups.length; start += ROWS_PER_TRANSACTION) {
        const items = groups
          .slice(start, start + ROWS_PER_TRANSACTION)
          .flat()
          .map(({ responseId, role, staffId }) => ({ responseId, role, staffId }));
        created += (await reviews.transaction((tx) => assignInTransaction(tx, 'review', items, at, actor))).length;
      }
      return { created };
    },
  };
}
