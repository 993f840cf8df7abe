import { randomUUID } from 'node:crypto';
import {
  anonymousRow,
  DELETED_APPLICANT,
  DELETED_REVIEWER,
  type Assessment,
  type InterviewSlot,
  type User,
  type UserImpact,
  utcDay,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { withSubmittedReview } from './calibration-cache';
import { responseIndexId } from '../responses/responses.repository';
import { COLLECTIONS } from '../store/collections';
import type { UserFootprint, UsersTransaction } from './admin-users.repository';
import { ERASED_ID } from './audit-anonymisation';
import { moveRef, readForMoves, removalEntry, writeMoves, type AssignmentMoves } from './assignments/assignment-moves';
import { readAll } from './assignments/assignments.service';
import { loadWith, staffLoadId, type StaffLoad } from './staff-load';
import { eraseNotesAbout } from './notes/notes.repository';
import { eraseTagsAndViewsAbout, type TagsAndViews } from './tags/tags.repository';
import type { RowTagsDocument, SavedViewsDocument } from '@portal/shared/domain';

/**
 * Deleting a user: everything of theirs goes, in one transaction with its audit entries. Their
 * responses, response index entries, role applications (dashboard rows), uploaded files' records,
 * the reviews and interviews of their applications (the reviewers' loads shrink to match), their
 * own loads, the emails to them in the outbox, the conflicts of interest they declared or that
 * name them, and their user record are deleted. The reviews and interviews they submitted stay,
 * attributed to DELETED_REVIEWER (on the assessment and on its row); the ones they had not
 * submitted are unassigned. Their interview seats are freed. The files' bytes are deleted by the
 * caller after the commit. A form whose decisions are released keeps their role applications for
 * its counts, anonymous (`anonymousRow`): the decision stays, who it was goes.
 *
 * The same erasure serves an applicant deleting their own account and a form's retention
 * (docs/product.md#data-retention), with `ErasureOptions`: no name, email or id of theirs in its
 * audit entry, and, for the retention of someone who keeps their account, one form's data only.
 */

export interface ErasureOptions {
  /**
   * Only the footprint's part of one form goes (`footprintOfForm`): their account, and everything of
   * theirs outside the form, stays; the form leaves their record's `activeApplications`.
   */
  formId?: string;
  /**
   * The erasure's own audit entry: `named` (a super-reviewer deleted the user: who it was),
   * `anonymous` (they deleted their own account: no name, email or id), or `none` (a retention,
   * which records one entry for the whole form).
   */
  audit: 'named' | 'anonymous' | 'none';
}

/** The part of a footprint that belongs to one form: its application and what is about it. */
export function footprintOfForm(footprint: UserFootprint, userId: string, formId: string): UserFootprint {
  const responses = footprint.responses.filter((response) => response.applicationFormId === formId);
  const responseIds = new Set(responses.map((response) => response.id));
  const inForm = new Set(footprint.outboxMessages.filter((message) => message.formId === formId).map((m) => m.id));
  return {
    ...footprint,
    responses,
    indexEntryIds: footprint.indexEntryIds.filter((id) => id === responseIndexId(userId, formId)),
    rows: footprint.rows.filter((row) => row.applicationFormId === formId),
    files: footprint.files.filter((file) => responseIds.has(file.responseId)),
    assessmentsAbout: footprint.assessmentsAbout.filter((each) => each.applicationFormId === formId),
    assessmentsBy: [],
    loads: [],
    outboxIds: footprint.outboxIds.filter((id) => inForm.has(id)),
    outboxMessages: footprint.outboxMessages.filter((message) => inForm.has(message.id)),
    conflictIds: [],
    bookings: footprint.bookings.filter((booking) => booking.formId === formId),
  };
}

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

export async function eraseInTransaction(
  tx: UsersTransaction,
  input: { user: User; footprint: UserFootprint; actor: AuditActor; at: string; options?: ErasureOptions },
): Promise<void> {
  const { user, footprint, actor, at } = input;
  const options: ErasureOptions = input.options ?? { audit: 'named' };

  // Reads (the footprint checked by the caller, `assertFootprint`, counts them, not their state): the
  // reviews and interviews of their applications as they are now (one submitted since the footprint
  // was read leaves the calibration sums with it), their work still to move, the loads of whoever
  // reviewed them, the calibration sums of the forms whose submitted reviews go, and the slots where
  // they hold a seat.
  const assessmentsAbout = (
    await Promise.all(footprint.assessmentsAbout.map((each) => tx.getAssessment(each.kind, each.id)))
  ).filter((each): each is Assessment => each !== null);
  const submittedReviews = assessmentsAbout.filter((each) => each.kind === 'review' && !isOpen(each));
  const calibrationSums = new Map(
    await Promise.all(
      [...new Set(submittedReviews.map(formOf))].map(
        async (formId) => [formId, await tx.getCalibrationSums(formId)] as const,
      ),
    ),
  );
  const work = await readWork(tx, footprint.assessmentsBy.filter(stillToMove));
  const loads = await readAll(
    assessmentsAbout.map((each) => staffLoadId(each.applicationFormId, each.staffId)),
    async (id) => {
      const each = assessmentsAbout.find((a) => staffLoadId(a.applicationFormId, a.staffId) === id)!;
      return tx.getLoad(each.applicationFormId, each.staffId);
    },
  );
  const slots = await Promise.all(
    footprint.bookings.map((booking) => tx.read<InterviewSlot>('interviewSlots', booking.slotId)),
  );
  const released = new Set<string>();
  for (const formId of new Set(footprint.rows.map((row) => row.applicationFormId))) {
    if ((await tx.getForm(formId))?.decisionsReleased) released.add(formId);
  }
  const record = options.formId ? await tx.read<User>('users', user.id) : null;
  // The tags and saved views of the forms they applied to: a name or search may name them.
  const tagsAndViews: TagsAndViews[] = await Promise.all(
    [...new Set(footprint.responses.map(formOf))].map(async (formId) => ({
      tags: await tx.read<RowTagsDocument>('rowTags', formId),
      views: await tx.read<SavedViewsDocument>('savedViews', formId),
    })),
  );

  // Their applications and everything about them; a released form keeps their rows, anonymous.
  for (const response of footprint.responses) tx.remove('responses', response.id);
  eraseNotesAbout(tx, footprint.responses);
  eraseTagsAndViewsAbout(tx, user, tagsAndViews);
  for (const id of footprint.indexEntryIds) tx.remove('responseIndex', id);
  const standIns = new Map<string, string>();
  for (const row of footprint.rows) {
    tx.remove('reviewStatuses', row.id);
    if (!released.has(row.applicationFormId)) continue;
    if (!standIns.has(row.responseId)) standIns.set(row.responseId, randomUUID());
    tx.setRow(anonymousRow(row, standIns.get(row.responseId)!, at));
  }
  for (const file of footprint.files) tx.remove('files', file.id);
  const shrunk = new Map<string, StaffLoad>();
  for (const each of assessmentsAbout) {
    tx.deleteAssessment(each.kind, each.id);
    const id = staffLoadId(each.applicationFormId, each.staffId);
    const load = shrunk.get(id) ?? loads.get(id)!;
    shrunk.set(
      id,
      loadWith(load, each.kind, {
        assigned: -1,
        done: isOpen(each) ? 0 : -1,
        day: each.submittedAt ? utcDay(each.submittedAt) : null,
      }),
    );
  }
  for (const load of shrunk.values()) tx.setLoad(load);
  // Their submitted reviews leave the forms' calibration sums, which stay whole (calibration-cache.ts).
  for (const [formId, stored] of calibrationSums) {
    let sums = stored;
    for (const each of submittedReviews.filter((review) => review.applicationFormId === formId)) {
      sums = withSubmittedReview(formId, sums, each, -1);
    }
    if (sums) tx.setCalibrationSums(sums);
  }

  writeWork(tx, work, actor, at);

  // Their interview seats are free again (the slot may then be deleted).
  for (const slot of new Map(slots.flatMap((each) => (each ? [[each.id, each] as const] : []))).values()) {
    tx.patch('interviewSlots', slot.id, { bookings: slot.bookings.filter((booking) => booking.userId !== user.id) });
  }
  for (const booking of footprint.bookings) tx.remove('interviewBookings', booking.id);
  for (const load of footprint.loads) tx.remove('staffLoads', load.id);
  // The emails, and what the mail service made of them (production's extension keeps a copy under the same id).
  for (const id of footprint.outboxIds) {
    tx.remove('outbox', id);
    tx.remove('mail', id);
  }
  for (const id of footprint.conflictIds) tx.remove('conflicts', id);
  if (options.formId) {
    if (record) {
      const activeApplications = record.activeApplications.filter((formId) => formId !== options.formId);
      tx.patch('users', user.id, { activeApplications });
    }
    return;
  }
  tx.remove('users', user.id);
  tx.markDeleted(user.id, at);
  const { firstName, lastName, email, role } = user;
  if (options.audit === 'named') {
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
  } else if (options.audit === 'anonymous') {
    const anonymous = { id: ERASED_ID, firstName: DELETED_APPLICANT, lastName: '', email: '' };
    tx.record(
      auditEntry({
        actor: anonymous,
        action: 'account.deleted',
        target: { collection: COLLECTIONS.users, id: ERASED_ID },
        before: { applications: footprint.responses.length, forms: [...new Set(footprint.responses.map(formOf))] },
        after: null,
        at,
      }),
    );
  }
}

const formOf = (response: { applicationFormId: string }) => response.applicationFormId;

/**
 * How many of a deleted reviewer's reviews and interviews one transaction moves: each writes the
 * assessment, its row and its response (and an audit entry when unassigned), within Firestore's
 * 500 writes per commit. More than that are moved in transactions of their own before the deletion.
 */
export const WORK_PER_TRANSACTION = 100;

/** Work of theirs not moved yet: open, or submitted but not yet under DELETED_REVIEWER. */
export const stillToMove = (assessment: Assessment) => isOpen(assessment) || assessment.staffName !== DELETED_REVIEWER;

interface Work {
  assessments: Assessment[];
  moves: AssignmentMoves;
}

/** The reads: the work as it is now (a review may have been submitted since), its applications and forms. */
async function readWork(tx: UsersTransaction, stale: Assessment[]): Promise<Work> {
  const assessments = (await Promise.all(stale.map((each) => tx.getAssessment(each.kind, each.id)))).filter(
    (each): each is Assessment => each !== null && stillToMove(each),
  );
  return { assessments, moves: await readForMoves(tx, assessments) };
}

/** What they reviewed: submitted work stays under DELETED_REVIEWER, open work is unassigned. */
function writeWork(tx: UsersTransaction, { assessments, moves }: Work, actor: AuditActor, at: string): void {
  for (const each of assessments) {
    if (isOpen(each)) {
      tx.deleteAssessment(each.kind, each.id);
      tx.record(removalEntry(actor, each, at));
      moveRef(moves, each, () => null);
    } else {
      tx.setAssessment({ ...each, staffName: DELETED_REVIEWER });
      moveRef(moves, each, (ref) => ({ ...ref, staffName: DELETED_REVIEWER }));
    }
  }
  writeMoves(tx, moves, assessments);
}

/**
 * Moves part of a reviewer's work ahead of their deletion, in a transaction of its own: a deletion
 * that fails after it leaves that work moved, and running it again goes on from there.
 */
export async function moveWorkInTransaction(
  tx: UsersTransaction,
  input: { assessments: Assessment[]; actor: AuditActor; at: string },
): Promise<void> {
  writeWork(tx, await readWork(tx, input.assessments), input.actor, input.at);
}
