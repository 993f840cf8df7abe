import './zod-config';
import { z } from 'zod/mini';

/**
 * An applicant deleting their own account (docs/product.md#deleting-your-account): everything of
 * theirs goes, as when a super-reviewer deletes a user, and no name, email or id of theirs stays
 * in the audit log; a released form keeps their role applications without name, email or id
 * (its counts per role and decision). Staff accounts are deleted by a super-reviewer.
 */

/** What they type to confirm. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

/** POST /auth/delete. */
export const accountDeletionBodySchema = z.strictObject({
  confirmation: z.string().check(z.maxLength(254)),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

/** What happens to one of their applications. */
export type ApplicationOnDeletion =
  /** Not submitted, or submitted to a form not released: deleted, and withdrawn from review. */
  | 'withdrawn'
  /** Never submitted: deleted. */
  | 'draft'
  /** Its decisions are released: deleted; its role applications stay in the form's counts, anonymously. */
  | 'counted-anonymously';

/** GET /auth/deletion: what deleting their account removes (writes nothing). */
export interface AccountDeletionPreview {
  email: string;
  applications: { formId: string; semester: string; outcome: ApplicationOnDeletion }[];
  uploadedFiles: number;
  interviewBookings: number;
  /** Emails sent or queued to them (and to others about them). */
  emails: number;
}

export const ACCOUNT_DELETION_MESSAGES = {
  confirmation: `Type ${ACCOUNT_DELETION_WORD} to confirm`,
  staff: 'Staff accounts are deleted by a super-reviewer on the Users page.',
  noRecord: 'This account has no data to delete.',
} as const;
