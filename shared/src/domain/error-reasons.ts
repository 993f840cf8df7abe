import type { ApiErrorCode } from './errors';

/**
 * Why the API refused a request, when a client acts on it: a stable name sent as `error.reason`
 * beside the generic `code` and the human `message` (which may be reworded at any time). Clients
 * match the reason, never the message text; a lint rule keeps message comparisons out of client
 * code. Each reason has one code, so one HTTP status.
 */
export const API_ERROR_REASONS = {
  // Applications: starts, saves, submits and uploads.
  'past-due': { code: 'forbidden', meaning: "The form's due date has passed (at the due instant): it takes no more." },
  released: { code: 'forbidden', meaning: "The form's decisions are released: it takes no more applications." },
  submitted: { code: 'forbidden', meaning: 'The application is submitted: its answers and files no longer change.' },
  'form-closed': { code: 'forbidden', meaning: 'The form is not active: no application to it can be started.' },
  'no-active-form': { code: 'not-found', meaning: 'No form is active.' },
  'stale-version': {
    code: 'conflict',
    meaning: 'Saved elsewhere since the version the request names; `details.current` is the stored copy.',
  },
  // Files.
  'file-too-large': { code: 'payload-too-large', meaning: 'The file is larger than its question (or the API) takes.' },
  'file-type': { code: 'unsupported-media-type', meaning: 'The file is not of a type its question accepts.' },
  'file-content': { code: 'unsupported-media-type', meaning: "The file's content does not match its declared type." },
  // Decisions, as the applicant reads and answers them.
  'not-released': { code: 'forbidden', meaning: "The form's decisions are not released yet." },
  'no-offer': { code: 'forbidden', meaning: 'The decision for this role is not an offer.' },
  'offer-answered': { code: 'conflict', meaning: 'The offer was already accepted or declined.' },
  // Interviews.
  'not-invited': { code: 'forbidden', meaning: 'The applicant was not invited to interview for this form.' },
  'slot-full': { code: 'conflict', meaning: 'The interview slot has no seat left.' },
  'already-booked': { code: 'conflict', meaning: 'The applicant already holds this interview slot.' },
  'past-cutoff': { code: 'conflict', meaning: 'Too close to the interview to book, move or cancel it.' },
  'slot-has-bookings': { code: 'conflict', meaning: 'Applicants booked the slot: it cannot be deleted.' },
  // Staff review work.
  'not-assigned': { code: 'forbidden', meaning: 'The application, review or interview is not assigned to the caller.' },
  'assessment-submitted': {
    code: 'conflict',
    meaning: 'The review or interview is submitted: read-only (and assigned) until a super-reviewer reopens it.',
  },
  'assessment-not-submitted': { code: 'conflict', meaning: 'Only a submitted review or interview can be reopened.' },
  'no-rubric': { code: 'conflict', meaning: 'The form has no rubric for this role.' },
  'released-read-only': {
    code: 'conflict',
    meaning: "The form's decisions are released: its review work is read-only.",
  },
  undecided: {
    code: 'conflict',
    meaning: 'Submitted applications are undecided, so no release; `details` counts them.',
  },
  'conflict-of-interest': {
    code: 'conflict',
    meaning: 'An assignment names staff with a declared conflict of interest; `details` names each.',
  },
  'plan-changed': { code: 'conflict', meaning: 'Applications or reviewers changed since the auto-assign preview.' },
  'answers-would-be-lost': {
    code: 'conflict',
    meaning: 'The form has applications and the change would lose answers; `details` lists them.',
  },
} as const satisfies Record<string, { code: ApiErrorCode; meaning: string }>;

export type ApiErrorReason = keyof typeof API_ERROR_REASONS;

export const isApiErrorReason = (value: unknown): value is ApiErrorReason =>
  typeof value === 'string' && Object.hasOwn(API_ERROR_REASONS, value);
