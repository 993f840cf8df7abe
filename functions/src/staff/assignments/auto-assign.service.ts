import { createHash } from 'node:crypto';
import {
  AUTO_ASSIGN_REASONS,
  displayName,
  formReviewRoleRule,
  isFinalDecision,
  JOB_MESSAGES,
  rolePreferencesStale,
  STAFF_MESSAGES,
  type ApplicationForm,
  type ApplicationRow,
  type AddedReviewer,
  type AutoAssignJob,
  type AutoAssignOutcome,
  type AutoAssignPlanItem,
  type AutoAssignPreview,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import type { AuditActor } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { JOB_INLINE_MS } from '../../jobs/job-runner';
import type { JobsRepository, StoredJob } from '../../jobs/jobs.repository';
import { assignInTransaction, type AssignTransaction } from './assignments.service';
import { autoAssignJobId, autoAssignJobView, storeAutoAssignJob, type AutoAssignJobDocument } from './auto-assign-job';
import { conflictsWith } from '../conflicts/conflicts';
import { formOrNotFound } from '../dashboard/dashboard.service';
import type { ReviewsRepository, TransactionsOf } from '../reviews.repository';
import { assertNotReleased, noRowError } from '../staff-errors';
import type { StaffLoad } from '../staff-load';

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
 * Who auto-assign may choose: the pool the director picked (`staffIds`), by default every reviewer
 * and no super-reviewer. A reviewer whose roles were chosen among another form's
 * (`rolePreferencesStale`: asked to choose again) stays in it, for the form's required role and
 * those of their roles the form has; when that gives them nothing, it is the reason shown.
 */
export function autoAssignPool(
  staff: User[],
  form: Pick<ApplicationForm, 'roles' | 'reviewRoleRule'>,
  staffIds?: readonly string[],
): { inPool: (user: User) => boolean; eligible: User[]; stale: (user: User) => boolean } {
  const chosen = staffIds ? new Set(staffIds) : null;
  const inPool = (user: User) => (chosen ? chosen.has(user.id) : user.role === 'reviewer');
  const stale = (user: User) => user.role === 'reviewer' && rolePreferencesStale(user, form);
  return { inPool, eligible: staff.filter(inPool), stale };
}

/** Why a staff member gets nothing from the plan (`AUTO_ASSIGN_REASONS`), or undefined when they get something. */
function reasonFor(
  user: User,
  input: {
    inPool: (user: User) => boolean;
    stale: (user: User) => boolean;
    got: boolean;
    rows: ApplicationRow[];
    requiredRole: TeamRole | undefined;
    conflicted?: (staffId: string, applicant: { userId: string; email: string }) => boolean;
  },
): string | undefined {
  if (!input.inPool(user)) return AUTO_ASSIGN_REASONS.notInPool;
  if (input.got) return undefined;
  if (input.stale(user)) return AUTO_ASSIGN_REASONS.rolesToChoose;
  const theirs = input.rows.filter((row) => prefersRole(user, row.role, input.requiredRole));
  if (theirs.length === 0) return AUTO_ASSIGN_REASONS.noRows;
  const open = theirs.some(
    (row) =>
      row.userId !== user.id &&
      !row.reviews.some((ref) => ref.staffId === user.id) &&
      !input.conflicted?.(user.id, { userId: row.userId, email: row.applicantEmail }),
  );
  return open ? AUTO_ASSIGN_REASONS.balanced : AUTO_ASSIGN_REASONS.notEligible;
}

/**
 * The plan: each row short of `perRow` reviews gets the least loaded eligible staff members of the
 * pool (load for the form plus what the plan already gave them; ties by id). Deterministic. Every
 * staff member is listed in `loads`, with the reason when they get nothing.
 */
export function planAutoAssign(input: {
  formId: string;
  perRow: number;
  /** The form's required review role (`formReviewRoleRule`). */
  requiredRole: TeamRole | undefined;
  rows: ApplicationRow[];
  /** Every reviewer and super-reviewer (the loads list them all). */
  staff: User[];
  /** Who may be chosen (`autoAssignPool`); absent: all of `staff`. */
  pool?: { inPool: (user: User) => boolean; eligible: User[]; stale?: (user: User) => boolean };
  loads: StaffLoad[];
  /** Staff members who declared a conflict with the row's applicant (`conflictsWith`): never chosen. */
  conflicted?: (staffId: string, applicant: { userId: string; email: string }) => boolean;
}): AutoAssignPreview {
  const everyone = [...input.staff].sort(byId);
  const pool = input.pool ?? { inPool: () => true, eligible: everyone };
  const staff = [...pool.eligible].sort(byId);
  const before = new Map(everyone.map((user) => [user.id, 0]));
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
    pool: staff.map((user) => user.id),
    assignments: assignments.map((item) => [item.responseId, item.role, item.staffId]),
    unfilled: unfilled.map((item) => [item.responseId, item.role, item.missing]),
  });
  return {
    planId: createHash('sha256').update(canonical).digest('hex'),
    reviewersPerApplication: input.perRow,
    assignments,
    unfilled,
    loads: everyone.map((user) => {
      const reason = reasonFor(user, {
        inPool: pool.inPool,
        stale: pool.stale ?? (() => false),
        got: current.get(user.id)! > before.get(user.id)!,
        rows,
        requiredRole: input.requiredRole,
        conflicted: input.conflicted,
      });
      return {
        staffId: user.id,
        staffName: displayName(user),
        role: user.role,
        inPool: pool.inPool(user),
        before: before.get(user.id)!,
        after: current.get(user.id)!,
        ...(reason ? { reason } : {}),
      };
    }),
  };
}

/** What auto-assign and "Add a reviewer" read, and their assignments. */
export type AutoAssignRepository = Pick<
  ReviewsRepository,
  'conflicts' | 'getForm' | 'getResponse' | 'listStaff' | 'loadsOf' | 'rowsOf' | 'rowsWithReviewsAssigned'
> &
  TransactionsOf<AssignTransaction>;

export function createAutoAssignService(deps: {
  reviews: AutoAssignRepository;
  jobs: JobsRepository;
  now: () => Date;
  /** How long an apply assigns before it answers 202 and leaves the rest to its job (absent: JOB_INLINE_MS). */
  inlineMs?: number;
  /** Runs the job until `until`, the rest going on after the answer (the job runner's `inRequest`). */
  runInRequest: (id: string, until: number) => Promise<StoredJob | null>;
}) {
  const { reviews, jobs } = deps;

  async function preview(formId: string, perRow: number, staffIds?: readonly string[]): Promise<AutoAssignPreview> {
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
    const pool = autoAssignPool(staff, form, staffIds);
    return planAutoAssign({ formId, perRow, requiredRole, rows: short.flat(), staff, pool, loads, conflicted });
  }

  return {
    preview,

    /**
     * "Add a reviewer" (a disagreement's action): one more review of the row, for the least loaded
     * eligible reviewer as auto-assign chooses them from its default pool (reviewers, no
     * super-reviewer), with its audit entry.
     */
    async addReviewer(responseId: string, role: TeamRole, actor: AuditActor): Promise<AddedReviewer> {
      const response = await reviews.getResponse(responseId);
      if (!response) throw noRowError();
      const form = await formOrNotFound(reviews, response.applicationFormId);
      assertNotReleased(form);
      const row = (await reviews.rowsOf(response)).find((candidate) => candidate.role === role);
      if (!row) throw noRowError();
      if (isFinalDecision(row.decision)) throw new ApiError('conflict', STAFF_MESSAGES.rowDecided);
      const [staff, loads, conflicts] = await Promise.all([
        reviews.listStaff(),
        reviews.loadsOf(form.id),
        reviews.conflicts(),
      ]);
      const load = new Map(loads.map((entry) => [entry.staffId, entry.reviewsAssigned]));
      const conflicted = conflictsWith(conflicts);
      const eligible = autoAssignPool(staff, form).eligible.filter(
        (user) => !conflicted(user.id, { userId: row.userId, email: row.applicantEmail }),
      );
      const [chosen] = leastLoadedEligible(eligible, row, row.reviews, load, 1, formReviewRoleRule(form).requiredRole);
      if (!chosen) throw new ApiError('conflict', STAFF_MESSAGES.noEligibleReviewer);
      const at = deps.now().toISOString();
      const [assessment] = await reviews.transaction((tx) =>
        assignInTransaction(tx, 'review', [{ responseId, role, staffId: chosen.id }], at, actor),
      );
      return { assessmentId: assessment!.id, staffId: chosen.id, staffName: displayName(chosen) };
    },

    /**
     * Assigns the previewed plan, refused (409) if the plan changed since or the form's last
     * auto-assign is still writing: as a job (auto-assign-job.ts), one audit entry per assignment.
     * Answers the reviews made when the job is done within the request, else the job (202).
     */
    async apply(
      formId: string,
      perRow: number,
      planId: string,
      actor: AuditActor,
      staffIds?: readonly string[],
    ): Promise<AutoAssignOutcome> {
      const until = Date.now() + (deps.inlineMs ?? JOB_INLINE_MS);
      assertNotReleased(await formOrNotFound(reviews, formId));
      if ((await jobs.getJob(autoAssignJobId(formId)))?.state === 'writing') {
        throw ApiError.because('job-running', JOB_MESSAGES.autoAssignRunning);
      }
      const plan = await preview(formId, perRow, staffIds);
      if (plan.planId !== planId) throw ApiError.because('plan-changed', STAFF_MESSAGES.planChanged);
      if (plan.assignments.length === 0) return { created: 0 };
      const at = deps.now().toISOString();
      const id = await storeAutoAssignJob(jobs, { formId, plan: plan.assignments, actor, at });
      const job = (await deps.runInRequest(id, until)) as AutoAssignJobDocument;
      return job.state === 'done' ? { created: job.created } : autoAssignJobView(job);
    },

    /** GET …/auto-assign/progress: the form's last auto-assign job (null: none ran as a job). */
    async progress(formId: string): Promise<AutoAssignJob | null> {
      await formOrNotFound(reviews, formId);
      const job = await jobs.getJob<AutoAssignJobDocument>(autoAssignJobId(formId));
      return job ? autoAssignJobView(job) : null;
    },
  };
}
