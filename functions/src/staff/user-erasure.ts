import {
  applicationRowId,
  DELETED_REVIEWER,
  refsOf,
  rowWithAssignments,
  rubricFor,
  type ApplicationForm,
  type Assessment,
  type User,
  type UserImpact,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { UserFootprint, UsersTransaction } from './admin-users.repository';
import { assignmentRef } from './assignments.service';
import { assessmentCollection, type ApplicationState } from './reviews.repository';
import { loadWith, staffLoadId, type StaffLoad } from './staff-load';

/**
 * Deleting a user: everything of theirs goes, in one transaction with its audit entries. Their
 * responses, response index entries, role applications (dashboard rows), uploaded files' records,
 * the reviews and interviews of their applications (the reviewers' loads shrink to match), their
 * own loads and their user record are deleted. The reviews and interviews they submitted stay,
 * attributed to DELETED_REVIEWER (on the assessment and on its row); the ones they had not
 * submitted are unassigned. The files' bytes are deleted by the caller after the commit.
 */

export const isOpen = (assessment: Assessment) => assessment.state !== 'submitted';

/** What deleting or demoting `user` touches, from their footprint. */
export function userImpact(user: User, footprint: UserFootprint): UserImpact {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: user.role,
    applications: footprint.responses.length,
    roleApplications: footprint.rows.length,
    assessmentsAbout: footprint.assessmentsAbout.length,
    files: footprint.files.length,
    submittedAssessments: footprint.assessmentsBy.filter((each) => !isOpen(each)).length,
    openAssignments: footprint.assessmentsBy.filter(isOpen).map((each) => ({
      assessmentId: each.id,
      kind: each.kind,
      responseId: each.responseId,
      role: each.role,
      applicantName: each.applicantName,
      state: each.state,
    })),
  };
}

async function readOnce<T>(ids: Iterable<string>, read: (id: string) => Promise<T>): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const id of ids) if (!found.has(id)) found.set(id, await read(id));
  return found;
}

export async function eraseInTransaction(
  tx: UsersTransaction,
  input: { user: User; footprint: UserFootprint; actor: AuditActor; at: string },
): Promise<void> {
  const { user, footprint, actor, at } = input;
  const { assessmentsAbout, assessmentsBy } = footprint;

  // Reads: the loads of whoever reviewed them, and the applications they reviewed.
  const loads = await readOnce(
    assessmentsAbout.map((each) => staffLoadId(each.applicationFormId, each.staffId)),
    async (id) => {
      const each = assessmentsAbout.find((a) => staffLoadId(a.applicationFormId, a.staffId) === id)!;
      return tx.getLoad(each.applicationFormId, each.staffId);
    },
  );
  const applications = await readOnce(
    assessmentsBy.map((each) => each.responseId),
    (id) => tx.readApplication(id),
  );
  const forms = await readOnce(
    assessmentsBy.map((each) => each.applicationFormId),
    (id) => tx.getForm(id),
  );

  // Their applications and everything about them.
  for (const response of footprint.responses) tx.remove('responses', response.id);
  for (const id of footprint.indexEntryIds) tx.remove('responseIndex', id);
  for (const row of footprint.rows) tx.remove('reviewStatuses', row.id);
  for (const file of footprint.files) tx.remove('files', file.id);
  const shrunk = new Map<string, StaffLoad>();
  for (const each of assessmentsAbout) {
    tx.deleteAssessment(each.kind, each.id);
    const id = staffLoadId(each.applicationFormId, each.staffId);
    const load = shrunk.get(id) ?? loads.get(id)!;
    shrunk.set(id, loadWith(load, each.kind, { assigned: -1, done: isOpen(each) ? 0 : -1 }));
  }
  for (const load of shrunk.values()) tx.setLoad(load);

  // What they reviewed: submitted work stays under DELETED_REVIEWER, open work is unassigned.
  const changed = new Map<string, ApplicationState>();
  for (const each of assessmentsBy) {
    if (isOpen(each)) {
      tx.deleteAssessment(each.kind, each.id);
      tx.record(
        auditEntry({
          actor,
          action: 'assignment.removed',
          target: { collection: assessmentCollection(each.kind), id: each.id },
          formId: each.applicationFormId,
          before: { ...assignmentRef(each), state: each.state },
          after: null,
          at,
        }),
      );
    } else {
      tx.setAssessment({ ...each, staffName: DELETED_REVIEWER });
    }
    const state = applications.get(each.responseId);
    const rowId = applicationRowId(each.responseId, each.role);
    const row = state?.rows.get(rowId);
    if (!state || !row) continue;
    const form = forms.get(each.applicationFormId) as ApplicationForm | null;
    const refs = refsOf(row, each.kind).flatMap((ref) =>
      ref.assessmentId !== each.id ? [ref] : isOpen(each) ? [] : [{ ...ref, staffName: DELETED_REVIEWER }],
    );
    state.rows.set(rowId, rowWithAssignments(row, each.kind, refs, form ? rubricFor(form, each.kind, row.role) : null));
    changed.set(each.responseId, state);
  }
  for (const state of changed.values()) {
    const ids = new Set(assessmentsBy.filter((each) => each.responseId === state.response.id).map((each) => each.role));
    tx.writeApplication(
      state,
      [...state.rows.values()].filter((row) => ids.has(row.role)),
    );
  }

  for (const load of footprint.loads) tx.remove('staffLoads', load.id);
  tx.remove('users', user.id);
  const { firstName, lastName, email, role } = user;
  tx.record(
    auditEntry({
      actor,
      action: 'user.deleted',
      target: { collection: COLLECTIONS.users, id: user.id },
      before: { firstName, lastName, email, role },
      after: null,
      at,
    }),
  );
}
