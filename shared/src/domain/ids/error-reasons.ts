import type { ApiErrorCode } from './error-codes';

/**
 * Why the API refused a request, when a client acts on it: a stable name sent as `error.reason`
 * beside the generic `code` and the human `message` (which may be reworded at any time). Clients
 * match the reason, never the message text; a lint rule keeps message comparisons out of client
 * code. Each reason has one code, so one HTTP status.
 */
export const API_ERROR_REASONS = {
  // Applications: starts, saves, submits and uploads.
  'past-due': 'forbidden',
  released: 'forbidden',
  submitted: 'forbidden',
  'form-closed': 'forbidden',
  'no-active-form': 'not-found',
  'stale-version': 'conflict',
  // Files.
  'file-too-large': 'payload-too-large',
  'file-type': 'unsupported-media-type',
  'file-content': 'unsupported-media-type',
  // Decisions, as the applicant reads and answers them.
  'not-released': 'forbidden',
  'no-offer': 'forbidden',
  'offer-answered': 'conflict',
  'offer-expired': 'conflict',
  'not-applied': 'not-found',
  // Interviews.
  'not-invited': 'forbidden',
  'slot-full': 'conflict',
  'already-booked': 'conflict',
  'past-cutoff': 'conflict',
  'slot-has-bookings': 'conflict',
  // Staff review work.
  'not-assigned': 'forbidden',
  'assessment-submitted': 'conflict',
  'assessment-not-submitted': 'conflict',
  'no-rubric': 'conflict',
  'released-read-only': 'conflict',
  'release-pending': 'conflict',
  'same-decision': 'conflict',
  undecided: 'conflict',
  'conflict-of-interest': 'conflict',
  'plan-changed': 'conflict',
  'job-running': 'conflict',
  'answers-would-be-lost': 'conflict',
  // Accounts.
  'privacy-notice-changed': 'invalid-request',
} as const satisfies Record<string, ApiErrorCode>;

export type ApiErrorReason = keyof typeof API_ERROR_REASONS;

export const isApiErrorReason = (value: unknown): value is ApiErrorReason =>
  typeof value === 'string' && Object.hasOwn(API_ERROR_REASONS, value);

/**
 * What each reason means, for people: documentation kept beside the table and checked by its
 * test, but read by no code, so no bundle carries it (the browser keeps only the table above).
 */
export const API_ERROR_REASON_MEANINGS: Record<ApiErrorReason, string> = {
  // Applications: starts, saves, submits and uploads.
  'past-due': "The form's due date has passed (at the due instant): it takes no more.",
  released: "The form's decisions are released: it takes no more applications.",
  submitted: 'The application is submitted: its answers and files no longer change.',
  'form-closed': 'The form is not active: no application to it can be started.',
  'no-active-form': 'No form is active.',
  'stale-version': 'Saved elsewhere since the version the request names; `details.current` is the stored copy.',
  // Files.
  'file-too-large': 'The file is larger than its question (or the API) takes.',
  'file-type': 'The file is not of a type its question accepts.',
  'file-content': "The file's content does not match its declared type.",
  // Decisions, as the applicant reads and answers them.
  'not-released': "The form's decisions are not released yet.",
  'no-offer': 'The decision for this role is not an offer.',
  'offer-answered': 'The offer was already accepted or declined.',
  'offer-expired': 'The offer was not answered by its deadline: it has expired.',
  'not-applied': 'The applicant did not apply for this role (or it is no role of the form).',
  // Interviews.
  'not-invited': 'The applicant was not invited to interview for this form.',
  'slot-full': 'The interview slot has no seat left.',
  'already-booked': 'The applicant already holds this interview slot.',
  'past-cutoff': 'Too close to the interview to book, move or cancel it.',
  'slot-has-bookings': 'Applicants booked the slot: it cannot be deleted.',
  // Staff review work.
  'not-assigned': 'The application, review or interview is not assigned to the caller.',
  'assessment-submitted':
    'The review or interview is submitted: read-only (and assigned) until a super-reviewer reopens it.',
  'assessment-not-submitted': 'Only a submitted review or interview can be reopened.',
  'no-rubric': 'The form has no rubric for this role.',
  'released-read-only': "The form's decisions are released: its review work is read-only.",
  'release-pending': "A released decision is changed only after the form's decisions are released.",
  'same-decision': 'The released decision is already the one asked for.',
  undecided: 'Submitted applications are undecided, so no release; `details` counts them.',
  'conflict-of-interest': 'An assignment names staff with a declared conflict of interest; `details` names each.',
  'plan-changed': 'Applications or reviewers changed since the auto-assign preview.',
  'job-running': "The form's job of this kind (auto-assign, the ZIP of its files) is still going on.",
  'answers-would-be-lost': 'The form has applications and the change would lose answers; `details` lists them.',
  // Accounts.
  'privacy-notice-changed':
    'The privacy notice version accepted is not the one in force (it changed meanwhile): read it again.',
};
