import type { ApplicationRowView } from './application-row';
import type { InterviewBooking } from '../schemas/interview-slots';
import type { ApplicationResponse, UploadedFile } from '../schemas/responses';
import type { ApplicationForm, User } from '../schemas/forms';
import type { AssessmentKind } from '../ids/constants';
import type { AssessmentView } from './staff';

/**
 * Blind review (docs/product.md#blind-review): per stage, whether reviewers read applications without the applicant's
 * name, email, identifying answers or uploaded file names. Super-reviewers always see everything.
 */
export const BLIND_REVIEW_TEXTS = {
  notice: "Blind review: the applicant's name, email, identifying answers and file names are hidden.",
  identifying: 'Identifying (hidden from reviewers in blind review)',
  /** Beside the blind boxes: what blind review does not hide. */
  filesNotice:
    'Blind review hides file names, not what a file says: a résumé usually names its applicant. On such a file question, tick "Hidden from reviewers in blind review": reviewers on a blind stage then cannot see or download the file; super-reviewers still can.',
  /** A file question's Identifying box. */
  identifyingFile: 'Hidden from reviewers in blind review',
  /** On a file question, above its boxes. */
  fileNotice:
    'Blind review hides this file\'s name, not what it says: if it names the applicant (a résumé does), tick "Hidden from reviewers in blind review".',
  stageSwitch: { review: 'Blind reviews', interview: 'Blind interviews' },
  /** The reviewer's search box when names and emails are hidden: the pseudonym or a word of an answer shown finds an applicant. */
  search: 'Search by pseudonym (Applicant 7F3K) or answer',
} as const;

/**
 * Whether staff working on these stages read blind: every stage they work on is blind. Someone who
 * also interviews the applicant unblinded meets them anyway, so blinding the rest would hide nothing.
 */
export function isBlind(form: Pick<ApplicationForm, 'blindReview'>, kinds: readonly AssessmentKind[]): boolean {
  return kinds.length > 0 && kinds.every((kind) => form.blindReview?.[kind] === true);
}

/** Whether the caller reads this work blind: a reviewer (never a super-reviewer) on blind stages of the form. */
export function readsBlind(
  caller: Pick<User, 'role'>,
  form: Pick<ApplicationForm, 'blindReview'>,
  kinds: readonly AssessmentKind[],
): boolean {
  return caller.role !== 'super-reviewer' && isBlind(form, kinds);
}

// Crockford's base32: no I, L, O or U, so a pseudonym cannot be misread or spell a word.
const PSEUDONYM_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A stable stand-in for the applicant of a response ("Applicant 7F3K"): the same on every screen
 * and request, different for each response (FNV-1a of the response id). The response id is
 * already on every reviewer's screen, so the pseudonym tells nothing more than it.
 */
export function applicantPseudonym(responseId: string): string {
  let hash = 0x811c9dc5;
  for (const char of responseId) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let code = '';
  for (let i = 0; i < 4; i++) code += PSEUDONYM_ALPHABET[(hash >>> (5 * i)) & 31];
  return `Applicant ${code}`;
}

/** An uploaded file's name as a blind reviewer reads it: the question's id and the type's extension, nothing the applicant typed. */
export function blindFileName(file: { questionId: string; name: string }): string {
  const extension = /\.[a-z0-9]{1,8}$/i.exec(file.name)?.[0] ?? '';
  return `${file.questionId}${extension.toLowerCase()}`;
}

/**
 * What a blind reviewer reads where the applicant's user id would be: nothing. The user id is the
 * same on every screen, every form and in the conflict routes, so matching it against any other
 * answer names the applicant. Blind screens work by the response's and assessment's own ids,
 * which are random (docs/security.md).
 */
export const WITHHELD_ID = '';

/** An assessment as a blind reviewer reads it: the pseudonym, no user id. */
export const blindAssessmentView = (view: AssessmentView): AssessmentView => ({
  ...view,
  applicantUserId: WITHHELD_ID,
  applicantName: applicantPseudonym(view.responseId),
});

/** A row as a blind reviewer reads it: the pseudonym, no email, no user id. */
export const blindRowView = (row: ApplicationRowView): ApplicationRowView => ({
  ...row,
  userId: WITHHELD_ID,
  applicantName: applicantPseudonym(row.responseId),
  applicantEmail: '',
});

/** A response as a blind reviewer reads it (its answers are filtered by `answersForReviewers`): no user id. */
export const blindResponse = (response: ApplicationResponse): ApplicationResponse => ({
  ...response,
  userId: WITHHELD_ID,
});

/** An uploaded file's record as a blind reviewer reads it: named after its question, no owner. */
export const blindFile = (file: UploadedFile): UploadedFile => ({
  ...file,
  ownerId: WITHHELD_ID,
  name: blindFileName(file),
});

/** A booking as a blind interviewer reads it: the pseudonym, no user id. */
export const blindBooking = (booking: InterviewBooking): InterviewBooking => ({
  ...booking,
  userId: WITHHELD_ID,
  applicantName: applicantPseudonym(booking.responseId),
});
