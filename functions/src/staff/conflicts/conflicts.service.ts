import { randomUUID } from 'node:crypto';
import {
  applicantPseudonym,
  CONFLICT_MESSAGES,
  displayName,
  formReviewRoleRule,
  normalizeEmail,
  STAFF_MESSAGES,
  type AssessmentKind,
  type ConflictBody,
  type ConflictOfInterest,
  type ConflictView,
  type User,
  readsBlind,
} from '@portal/shared/domain';
import { auditEntry } from '../../audit/audit-entry';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { COLLECTIONS } from '../../store/collections';
import type { createAssessmentsService } from '../assessments/assessments.service';
import { assignInTransaction, type AssignTransaction } from '../assignments/assignments.service';
import { leastLoadedEligible } from '../assignments/auto-assign.service';
import { conflictsWith, toConflictView } from './conflicts';
import {
  conflictId,
  type ReviewsRepository,
  type ReviewsTransaction,
  type TransactionsOf,
} from '../reviews.repository';
import { assertNotReleased, noAssessmentError } from '../staff-errors';

type AssessmentsService = ReturnType<typeof createAssessmentsService>;

/** What declaring and withdrawing a conflict read and write (a review given to another reviewer: an assignment). */
export type ConflictsTransaction = AssignTransaction &
  Pick<ReviewsTransaction, 'deleteConflict' | 'getConflictById' | 'getRow' | 'record' | 'setConflict'>;
export type ConflictsRepository = Pick<
  ReviewsRepository,
  | 'assessmentsOfApplicant'
  | 'conflictByPublicId'
  | 'conflicts'
  | 'getAssessment'
  | 'getForm'
  | 'listStaff'
  | 'loadsOf'
  | 'userByEmail'
> &
  TransactionsOf<ConflictsTransaction>;

export function createConflictsService(deps: {
  reviews: ConflictsRepository;
  assessments: AssessmentsService;
  now: () => Date;
  /** A new conflict's public id. */
  newId?: () => string;
}) {
  const { reviews, assessments, now, newId = randomUUID } = deps;

  /**
   * Sets aside the declarer's open reviews and interviews of the applicant (each its own
   * transaction, as an unassignment), and gives each review to the least loaded eligible reviewer
   * who declared no conflict with them. Interviews are arranged by the director: they are left for
   * them to reassign (the conflict list says how many went to someone else).
   */
  async function setAside(conflict: ConflictOfInterest, caller: User): Promise<ConflictOfInterest> {
    if (!conflict.applicantUserId) return conflict;
    const open = (await reviews.assessmentsOfApplicant(conflict.staffId, conflict.applicantUserId)).filter(
      (each) => each.state !== 'submitted',
    );
    let { setAside, reassigned } = conflict;
    for (const each of open) {
      const form = await reviews.getForm(each.applicationFormId);
      if (!form || form.decisionsReleased) continue;
      await assessments.unassign(each.kind, each.id, caller);
      setAside += 1;
      if (each.kind === 'review' && (await reassign(each.responseId, each.role, each.applicationFormId, caller))) {
        reassigned += 1;
      }
    }
    const updated = { ...conflict, setAside, reassigned };
    await reviews.transaction(async (tx) => {
      if (await tx.getConflictById(conflict.id)) tx.setConflict(updated);
    });
    return updated;
  }

  async function reassign(responseId: string, role: string, formId: string, caller: User): Promise<boolean> {
    const [form, staff, loads, conflicts] = await Promise.all([
      reviews.getForm(formId),
      reviews.listStaff(),
      reviews.loadsOf(formId),
      reviews.conflicts(),
    ]);
    if (!form) return false;
    const at = now().toISOString();
    return reviews.transaction(async (tx) => {
      const row = await tx.getRow(responseId, role);
      if (!row) return false;
      const blocked = conflictsWith(conflicts);
      const load = new Map(loads.map((each) => [each.staffId, each.reviewsAssigned]));
      const [chosen] = leastLoadedEligible(
        staff.filter((user) => !blocked(user.id, { userId: row.userId, email: row.applicantEmail })),
        row,
        row.reviews,
        load,
        1,
        formReviewRoleRule(form).requiredRole,
      );
      if (!chosen) return false;
      await assignInTransaction(tx, 'review', [{ responseId, role: row.role, staffId: chosen.id }], at, caller);
      return true;
    });
  }

  /**
   * Writes the declaration and its audit entry; returns what it wrote. Declared again, it keeps its
   * public id (one stored before public ids gets one) and what it set aside so far.
   */
  function record(declared: ConflictOfInterest, caller: User, formId?: string): Promise<ConflictOfInterest> {
    return reviews.transaction(async (tx) => {
      const before = await tx.getConflictById(declared.id);
      const conflict = before
        ? {
            ...declared,
            publicId: before.publicId ?? declared.publicId,
            setAside: before.setAside,
            reassigned: before.reassigned,
          }
        : declared;
      tx.setConflict(conflict);
      tx.record(
        auditEntry({
          actor: caller,
          action: 'conflict.declared',
          target: { collection: COLLECTIONS.conflicts, id: conflict.id },
          ...(formId === undefined ? {} : { formId }),
          before: before ? { reason: before.reason } : null,
          after: {
            staff: conflict.staffName,
            applicant: conflict.label,
            email: conflict.email,
            reason: conflict.reason,
          },
          at: conflict.declaredAt,
        }),
      );
      return conflict;
    });
  }

  return {
    /** On an open review or interview of the caller's own: declared, set aside and (a review) reassigned. */
    async declareOn(kind: AssessmentKind, id: string, caller: User, reason = ''): Promise<ConflictView> {
      const assessment = await reviews.getAssessment(kind, id);
      if (!assessment) throw noAssessmentError();
      if (assessment.staffId !== caller.id) throw ApiError.because('not-assigned', CONFLICT_MESSAGES.notYours);
      const form = await reviews.getForm(assessment.applicationFormId);
      if (!form) throw noFormError();
      assertNotReleased(form);
      if (assessment.state === 'submitted') throw ApiError.because('assessment-submitted', CONFLICT_MESSAGES.submitted);
      const row = await reviews.transaction((tx) => tx.getRow(assessment.responseId, assessment.role));
      if (!row) throw new ApiError('not-found', STAFF_MESSAGES.noRow);
      const email = normalizeEmail(row.applicantEmail);
      const blind = readsBlind(caller, form, [kind]);
      const conflict: ConflictOfInterest = {
        id: conflictId(caller.id, email),
        publicId: newId(),
        staffId: caller.id,
        staffName: displayName(caller),
        email,
        applicantUserId: row.userId,
        label: blind ? applicantPseudonym(row.responseId) : row.applicantName,
        reason,
        declaredAt: now().toISOString(),
        setAside: 0,
        reassigned: 0,
      };
      return toConflictView(await setAside(await record(conflict, caller, form.id), caller), caller);
    },

    /**
     * Ahead of time, by the applicant's email: any open work of the caller's on them is set aside
     * too. A reviewer reads the same answer whether the address is an applicant's, in their queue or
     * nobody's (`toConflictView`).
     */
    async declareByEmail(caller: User, body: ConflictBody): Promise<ConflictView> {
      const email = normalizeEmail(body.email);
      const applicant = await reviews.userByEmail(email);
      const conflict: ConflictOfInterest = {
        id: conflictId(caller.id, email),
        publicId: newId(),
        staffId: caller.id,
        staffName: displayName(caller),
        email,
        applicantUserId: applicant?.id ?? null,
        label: email,
        reason: body.reason ?? '',
        declaredAt: now().toISOString(),
        setAside: 0,
        reassigned: 0,
      };
      return toConflictView(await setAside(await record(conflict, caller), caller), caller);
    },

    /** A staff member's own declarations; a super-reviewer's list is everyone's. */
    async list(caller: User): Promise<{ items: ConflictView[] }> {
      const all = await reviews.conflicts(caller.role === 'super-reviewer' ? undefined : caller.id);
      const items = all
        .sort((a, b) => (a.declaredAt < b.declaredAt ? 1 : a.declaredAt > b.declaredAt ? -1 : 0))
        .map((each) => toConflictView(each, caller));
      return { items };
    },

    /** Withdrawn (by its public id) by its declarer or a super-reviewer; what it set aside stays as it is. */
    async withdraw(publicId: string, caller: User): Promise<void> {
      const id = (await reviews.conflictByPublicId(publicId))?.id;
      await reviews.transaction(async (tx) => {
        const conflict = id === undefined ? null : await tx.getConflictById(id);
        if (
          !conflict ||
          conflict.publicId !== publicId ||
          (conflict.staffId !== caller.id && caller.role !== 'super-reviewer')
        ) {
          throw new ApiError('not-found', CONFLICT_MESSAGES.noConflict);
        }
        tx.deleteConflict(conflict.id);
        tx.record(
          auditEntry({
            actor: caller,
            action: 'conflict.withdrawn',
            target: { collection: COLLECTIONS.conflicts, id: conflict.id },
            before: { staff: conflict.staffName, applicant: conflict.label, email: conflict.email },
            after: null,
            at: now().toISOString(),
          }),
        );
      });
    },
  };
}
