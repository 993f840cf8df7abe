import { randomUUID } from 'node:crypto';
import {
  applicantSearchTokens,
  applicationRowId,
  CONFLICT_MESSAGES,
  displayName,
  isStaffRole,
  refsOf,
  rowWithAssignments,
  rubricFor,
  STAFF_MESSAGES,
  type Assessment,
  type AssessmentKind,
  type AssessmentView,
  type TeamRole,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { interviewInvitations } from '../../interviews/invitations';
import type { MailSettings } from '../../outbox/outbox';
import { toAssessmentView } from '../dashboard/dashboard.service';
import {
  assessmentCollection,
  type ApplicationState,
  type ReviewsTransaction,
  type TransactionsOf,
} from '../reviews.repository';
import { assertNotReleased } from '../staff-errors';
import { loadWith, staffLoadId, type StaffLoad } from '../staff-load';

/** What an assignment reads and writes in its transaction (`assignInTransaction`, the conflict check, the invitations). */
export type AssignTransaction = Pick<
  ReviewsTransaction,
  | 'createAssessment'
  | 'getConflict'
  | 'getForm'
  | 'getLoad'
  | 'getOutboxMessage'
  | 'getRow'
  | 'getUser'
  | 'queueMessage'
  | 'readApplication'
  | 'record'
  | 'setLoad'
  | 'writeApplication'
>;

export interface AssignmentInput {
  responseId: string;
  role: TeamRole;
  staffId: string;
  /** An interview a booking gives the slot's interviewer: the slot (`Assessment.bookedSlotId`). */
  bookedSlotId?: string;
}

interface Issue {
  path: string;
  message: string;
}

/** Reads each id once, all at once (not one after another), inside a transaction. */
export async function readAll<T>(ids: Iterable<string>, read: (id: string) => Promise<T | null>) {
  const unique = [...new Set(ids)];
  const values = await Promise.all(unique.map((id) => read(id)));
  return new Map<string, T | null>(unique.map((id, index) => [id, values[index] ?? null]));
}

/** How auto-assign's job runs an assignment step (auto-assign-job.ts); by hand, neither. */
export interface AssignOptions {
  /** An item whose staff member the row has already is left out, not refused: a step run again does nothing twice. */
  skipAssigned?: boolean;
  /** The staff loads are neither read nor written here: the caller moves them (the job, once per wave of steps). */
  deferLoads?: boolean;
}

/**
 * Creates the assessments, updates their rows, the staff loads and the response statuses in one
 * transaction, with an audit entry per assignment made by `actor`. Everything is checked first;
 * any problem refuses the whole list.
 */
export async function assignInTransaction(
  tx: AssignTransaction,
  kind: AssessmentKind,
  items: AssignmentInput[],
  at: string,
  actor: AuditActor,
  newId: () => string = randomUUID,
  /** Given: an interviewer assigned invites the applicant to interview (the invitation is queued here). */
  mail?: MailSettings,
  /** How the audit log names it: by hand, or made by auto-assign's plan. */
  action: 'assignment.created' | 'assignment.auto-created' = 'assignment.created',
  /** The applications as the caller already read (and changed) them in this transaction; the rest are read here. */
  known?: ReadonlyMap<string, ApplicationState | null>,
  options: AssignOptions = {},
): Promise<Assessment[]> {
  const [applications, users] = await Promise.all([
    readAll(
      items.map((item) => item.responseId),
      (id) => (known?.has(id) ? Promise.resolve(known.get(id)!) : tx.readApplication(id)),
    ),
    readAll(
      items.map((item) => item.staffId),
      (id) => tx.getUser(id),
    ),
  ]);
  if (options.skipAssigned) {
    items = items.filter((item) => {
      const row = applications.get(item.responseId)?.rows.get(applicationRowId(item.responseId, item.role));
      return !row || !refsOf(row, kind).some((ref) => ref.staffId === item.staffId);
    });
  }
  const formIds = [...applications.values()].flatMap((state) => (state ? [state.response.applicationFormId] : []));
  const forms = await readAll(formIds, (id) => tx.getForm(id));
  for (const form of forms.values()) if (form) assertNotReleased(form);
  const loadKeys = new Map<string, { formId: string; staffId: string }>();
  for (const item of options.deferLoads ? [] : items) {
    const formId = applications.get(item.responseId)?.response.applicationFormId;
    if (formId !== undefined) loadKeys.set(staffLoadId(formId, item.staffId), { formId, staffId: item.staffId });
  }
  const loads = await readAll<StaffLoad>(loadKeys.keys(), (id) =>
    tx.getLoad(loadKeys.get(id)!.formId, loadKeys.get(id)!.staffId),
  );

  const issues: Issue[] = [];
  const taken = new Set<string>();
  items.forEach((item, index) => {
    const path = `assignments.${index}`;
    const user = users.get(item.staffId);
    const row = applications.get(item.responseId)?.rows.get(applicationRowId(item.responseId, item.role));
    const form = row ? forms.get(row.applicationFormId) : null;
    const key = `${item.responseId}__${item.role}__${item.staffId}`;
    if (!user || !isStaffRole(user.role)) {
      issues.push({ path: `${path}.staffId`, message: STAFF_MESSAGES.assigneeNotStaff });
    } else if (!row || !form) {
      issues.push({ path, message: STAFF_MESSAGES.noRow });
    } else if (row.userId === item.staffId) {
      issues.push({ path: `${path}.staffId`, message: STAFF_MESSAGES.selfAssignment });
    } else if (taken.has(key) || refsOf(row, kind).some((ref) => ref.staffId === item.staffId)) {
      issues.push({ path: `${path}.staffId`, message: STAFF_MESSAGES.alreadyAssigned });
    } else if (!rubricFor(form, kind, item.role)) {
      issues.push({ path: `${path}.role`, message: STAFF_MESSAGES.noRubric });
    }
    taken.add(key);
  });
  if (issues.length > 0) throw new ApiError('invalid-request', issues[0]!.message, issues);

  const created: Assessment[] = [];
  const changedRows = new Map<string, ApplicationState>();
  const changedLoads = new Map<string, StaffLoad>();
  for (const item of items) {
    const state = applications.get(item.responseId)!;
    const id = applicationRowId(item.responseId, item.role);
    const row = state.rows.get(id)!;
    const form = forms.get(row.applicationFormId)!;
    const user = users.get(item.staffId)!;
    const assessment: Assessment = {
      id: newId(),
      kind,
      applicationFormId: row.applicationFormId,
      responseId: row.responseId,
      role: row.role,
      staffId: user.id,
      staffName: displayName(user),
      applicantUserId: row.userId,
      applicantName: row.applicantName,
      // The name and email alone: the row's answers' words are for the super-reviewer's search.
      searchTokens: applicantSearchTokens(row),
      scores: {},
      comments: '',
      state: 'not-started',
      score: null,
      version: 0,
      createdAt: at,
      updatedAt: at,
      submittedAt: null,
      ...(item.bookedSlotId ? { bookedSlotId: item.bookedSlotId } : {}),
    };
    created.push(assessment);
    const refs = [
      ...refsOf(row, kind),
      { assessmentId: assessment.id, staffId: user.id, staffName: assessment.staffName, state: assessment.state },
    ];
    state.rows.set(id, rowWithAssignments(row, kind, refs, form));
    changedRows.set(item.responseId, state);
    if (options.deferLoads) continue;
    const loadId = staffLoadId(row.applicationFormId, user.id);
    const load = changedLoads.get(loadId) ?? loads.get(loadId)!;
    changedLoads.set(loadId, loadWith(load, kind, { assigned: 1 }));
  }

  // Reads of the invitations come before the first write.
  const invitations =
    kind === 'interview' && mail
      ? await interviewInvitations(
          tx,
          items.map((item) =>
            applications.get(item.responseId)!.rows.get(applicationRowId(item.responseId, item.role))!,
          ),
          forms,
          mail,
          at,
        )
      : [];
  for (const message of invitations) tx.queueMessage(message);
  for (const assessment of created) {
    tx.createAssessment(assessment);
    tx.record(
      auditEntry({
        actor,
        action,
        target: { collection: assessmentCollection(kind), id: assessment.id },
        formId: assessment.applicationFormId,
        before: null,
        after: assignmentRef(assessment),
        at,
      }),
    );
  }
  const touched = new Set(items.map((item) => applicationRowId(item.responseId, item.role)));
  for (const state of changedRows.values()) {
    tx.writeApplication(
      state,
      [...state.rows.values()].filter((row) => touched.has(row.id)),
    );
  }
  for (const load of changedLoads.values()) tx.setLoad(load);
  return created;
}

/** What the audit log keeps of an assignment. */
export const assignmentRef = (assessment: Assessment) => ({
  kind: assessment.kind,
  responseId: assessment.responseId,
  role: assessment.role,
  staffId: assessment.staffId,
  staffName: assessment.staffName,
  applicantName: assessment.applicantName,
});

/**
 * A manual assignment of someone who declared a conflict of interest with the applicant is
 * refused (409, each such assignment in `details`) until the super-reviewer confirms it.
 */
async function refuseConflicts(tx: AssignTransaction, items: AssignmentInput[]): Promise<void> {
  const issues: (Issue & { staffName: string })[] = [];
  for (const [index, item] of items.entries()) {
    const row = await tx.getRow(item.responseId, item.role);
    const conflict = row ? await tx.getConflict(item.staffId, row.applicantEmail) : null;
    if (conflict) {
      const message = CONFLICT_MESSAGES.declared([conflict.staffName]);
      issues.push({ path: `assignments.${index}.staffId`, message, staffName: conflict.staffName });
    }
  }
  if (issues.length > 0) {
    const names = [...new Set(issues.map((issue) => issue.staffName))];
    throw ApiError.because(
      'conflict-of-interest',
      CONFLICT_MESSAGES.declared(names),
      issues.map(({ path, message }) => ({ path, message })),
    );
  }
}

export function createAssignmentsService(deps: {
  reviews: TransactionsOf<AssignTransaction>;
  now: () => Date;
  mail: MailSettings;
}) {
  return {
    async assign(
      kind: AssessmentKind,
      items: AssignmentInput[],
      actor: AuditActor,
      acknowledgeConflicts = false,
    ): Promise<AssessmentView[]> {
      const at = deps.now().toISOString();
      const created = await deps.reviews.transaction(async (tx) => {
        if (!acknowledgeConflicts) await refuseConflicts(tx, items);
        return assignInTransaction(tx, kind, items, at, actor, randomUUID, deps.mail);
      });
      return created.map((each) => toAssessmentView(each));
    },
  };
}
