import './zod-config';
import { z } from 'zod/mini';

/**
 * Conflicts of interest (docs/product.md#conflicts-of-interest): a staff member declares one on an
 * application assigned to them, or ahead of time by the applicant's email. From then on they have
 * no open review or interview of that applicant, auto-assign never picks them for them, and a
 * manual assignment asks first. Stored in `conflicts`, one per staff member and applicant email.
 */
export const MAX_CONFLICT_REASON_CHARS = 500;

const reasonSchema = z.optional(z.string().check(z.trim(), z.maxLength(MAX_CONFLICT_REASON_CHARS)));

/** POST /admin/assessments/{kind}/{id}/conflict */
export const assessmentConflictBodySchema = z.strictObject({ reason: reasonSchema });
export type AssessmentConflictBody = z.infer<typeof assessmentConflictBodySchema>;

/** POST /admin/conflicts: ahead of time, by the applicant's email. */
export const conflictBodySchema = z.strictObject({
  email: z.email('Enter the applicant’s email address').check(z.maxLength(254)),
  reason: reasonSchema,
});
export type ConflictBody = z.infer<typeof conflictBodySchema>;

export type ConflictOfInterest = {
  /** The stored id (`conflictId`: staff member and a hash of the email), which the API never answers. */
  id: string;
  /**
   * The id the API answers and withdraws it by: random, kept when it is declared again. The stored
   * id would let a blind reviewer test candidate emails against the applicant they declared on.
   */
  publicId: string;
  staffId: string;
  staffName: string;
  /** Lower-cased: what assignments are checked against. */
  email: string;
  /** Set when declared on an assignment, or once the email matched an applicant. */
  applicantUserId: string | null;
  /**
   * Who the declarer named, as they saw them: the email, or the applicant's name or, in blind
   * review, their pseudonym (a reviewer never reads back an identity the review hid).
   */
  label: string;
  reason: string;
  declaredAt: string;
  /** Open reviews and interviews of theirs it set aside, and how many went to someone else. */
  setAside: number;
  reassigned: number;
};

/**
 * What a caller reads back, `id` being the public id. A reviewer reads only what they already
 * know: the email only when they typed it, never the applicant's user id, nor what the declaration
 * set aside (by email that would tell whether the address is in their queue). The super-reviewer
 * reads the email and the counts.
 */
export type ConflictView = Pick<ConflictOfInterest, 'staffId' | 'staffName' | 'label' | 'reason' | 'declaredAt'> & {
  id: string;
  email: string | null;
  setAside?: number;
  reassigned?: number;
};

export const CONFLICT_MESSAGES = {
  submitted: 'A submitted review or interview cannot be set aside: ask the director of recruitment to reopen it first',
  notYours: 'Only the person assigned can declare a conflict of interest on it',
  noConflict: 'No conflict of interest with this ID',
  /** A manual assignment of someone who declared a conflict with the applicant. */
  declared: (names: string[]) =>
    `${names.join(', ')} declared a conflict of interest with this applicant: assign anyway only if it no longer applies`,
  declaredToast: 'Conflict of interest declared: the application is no longer yours.',
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
