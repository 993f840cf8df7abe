/**
 * The placeholders of decision letters and emails (docs/product.md#decision-letters,
 * docs/product.md#emails) and the kinds of email: the names the schemas check a text against and
 * the messages fill in. No schema here.
 */

export const LETTER_PLACEHOLDERS = ['firstName', 'role', 'semester'] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

/** A placeholder in a text: `{name}`. */
export const PLACEHOLDER = /\{([^{}\s]+)\}/g;

/** The distinct placeholder names in a text (`{name}`), in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The placeholders of a letter body that are not one of `LETTER_PLACEHOLDERS`. */
export function unknownPlaceholders(body: string): string[] {
  return placeholdersIn(body).filter((name) => !(LETTER_PLACEHOLDERS as readonly string[]).includes(name));
}

export const MESSAGE_KINDS = [
  'submissionReceipt',
  'decisionReleased',
  'reviewerReminder',
  'interviewInvitation',
  'interviewConfirmation',
  'interviewCancellation',
  'draftReminder',
  'offerReply',
  'decisionChanged',
  'offerExpired',
  'interviewChanged',
  'interviewerBooking',
  'interviewerCancellation',
  'chooseRolesAgain',
  'retentionNotice',
  'noteMention',
  'groupMessage',
  'reviewerDigest',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  submissionReceipt: 'Submission receipt',
  decisionReleased: 'Decision released',
  reviewerReminder: 'Reviewer reminder',
  interviewInvitation: 'Interview invitation',
  interviewConfirmation: 'Interview confirmation',
  interviewCancellation: 'Interview cancelled',
  draftReminder: 'Unsubmitted draft reminder',
  offerReply: 'Offer reply confirmation',
  decisionChanged: 'Decision changed',
  offerExpired: 'Offer expired',
  interviewChanged: 'Interview changed',
  interviewerBooking: 'Interview booked (to interviewers)',
  interviewerCancellation: 'Interview cancelled (to interviewers)',
  chooseRolesAgain: 'Choose your roles again (to reviewers)',
  retentionNotice: 'Data retention notice (to super-reviewers)',
  noteMention: 'Mentioned in a note (to staff)',
  groupMessage: 'Message to a group',
  reviewerDigest: 'Daily digest (to reviewers)',
};

/**
 * The kinds whose template a form holds (the builder's Emails tab): a group message is written as it
 * is sent, and a reviewer's digest spans every form they work on (its template is the portal's).
 */
export type FormMessageKind = Exclude<MessageKind, 'groupMessage' | 'reviewerDigest'>;
export const FORM_MESSAGE_KINDS = MESSAGE_KINDS.filter(
  (kind): kind is FormMessageKind => kind !== 'groupMessage' && kind !== 'reviewerDigest',
);

/** Placeholders every message may use: the letters' and the chapter's name. */
const COMMON_PLACEHOLDERS = [...LETTER_PLACEHOLDERS, 'chapter'] as const;

/**
 * Each kind's placeholders. `{role}` is every role applied for, by the form's labels. Block
 * placeholders (`answers`, `letter`) are markdown of their own and may stand only in a body.
 */
export const MESSAGE_PLACEHOLDERS = {
  submissionReceipt: [...COMMON_PLACEHOLDERS, 'submittedAt', 'answers'],
  decisionReleased: [...COMMON_PLACEHOLDERS, 'letter', 'decisionLink'],
  /**
   * To a reviewer: `{firstName}` is theirs; `{openReviews}` how many reviews wait, in words ("1 review",
   * "3 reviews"; `{open}` the bare number), `{dueDate}` the form's review due date.
   */
  reviewerReminder: [...COMMON_PLACEHOLDERS, 'open', 'openReviews', 'dueDate', 'dashboardLink'],
  /** `{bookingLink}`: the status page where the applicant books a slot. */
  interviewInvitation: [...COMMON_PLACEHOLDERS, 'bookingLink'],
  /** `{slotTime}` in the chapter's zone (named), `{length}` e.g. "30 minutes", `{place}` a room or video link. */
  interviewConfirmation: [...COMMON_PLACEHOLDERS, 'slotTime', 'length', 'place', 'interviewers', 'bookingLink'],
  interviewCancellation: [...COMMON_PLACEHOLDERS, 'slotTime', 'length', 'place', 'bookingLink'],
  /** To an applicant with an unsubmitted draft, 48 h before `{dueDate}` (the form's, with its zone). */
  draftReminder: [...COMMON_PLACEHOLDERS, 'dueDate', 'applicationLink'],
  /** To an applicant who answered an offer: `{role}` is the offer's role, `{reply}` "accepted" or "declined". */
  offerReply: [...COMMON_PLACEHOLDERS, 'reply', 'repliedAt', 'decisionLink'],
  /** To an applicant whose released decision was changed: `{role}` is that role, `{letter}` its new decision and letter, `{replyBy}` the offer's deadline (or empty). */
  decisionChanged: [...COMMON_PLACEHOLDERS, 'letter', 'replyBy', 'decisionLink'],
  /** To a super-reviewer: `{firstName}` is theirs, `{applicant}` whose offer of `{role}` expired at `{deadline}`. */
  offerExpired: [...COMMON_PLACEHOLDERS, 'applicant', 'deadline', 'dashboardLink'],
  /** To an applicant whose booked slot the director changed: the slot as it is now. */
  interviewChanged: [...COMMON_PLACEHOLDERS, 'slotTime', 'length', 'place', 'interviewers', 'bookingLink'],
  /**
   * To each interviewer of a slot when an applicant books it (or moves to it, or the slot changes):
   * `{firstName}` is the interviewer's, `{applicant}` who booked (a pseudonym in blind interviews),
   * `{role}` the roles they applied for, `{interviewLink}` their interview screen or dashboard.
   */
  interviewerBooking: [
    ...COMMON_PLACEHOLDERS,
    'applicant',
    'slotTime',
    'length',
    'place',
    'interviewers',
    'interviewLink',
  ],
  /** To each interviewer of a slot when a booking of it is cancelled or moved away. */
  interviewerCancellation: [...COMMON_PLACEHOLDERS, 'applicant', 'slotTime', 'length', 'place'],
  /**
   * To a reviewer when a form whose roles differ from those they chose among goes live: `{roles}` the
   * form's roles, `{preferencesLink}` the page where they choose.
   */
  chooseRolesAgain: [...COMMON_PLACEHOLDERS, 'roles', 'preferencesLink'],
  /**
   * To a super-reviewer a week before a form's retention erases: `{firstName}` is theirs, `{erasureAt}`
   * when (the form's zone, named), `{applicants}` how many applicants' data goes, in words, `{days}` the
   * form's retention, `{retentionLink}` the form's settings with the dry run.
   */
  retentionNotice: [...COMMON_PLACEHOLDERS, 'erasureAt', 'applicants', 'days', 'retentionLink'],
  /**
   * To a staff member a note names with `@`: `{firstName}` is theirs, `{author}` who wrote it,
   * `{applicant}` whose application it is on (a pseudonym for a reviewer on a blind stage), `{note}`
   * the note quoted as plain text (or, while they may not read it yet, why), `{noteLink}` the page
   * where they read it.
   */
  noteMention: [...COMMON_PLACEHOLDERS, 'author', 'applicant', 'note', 'noteLink'],
  /** A super-reviewer's message to a group of applicants: `{role}` the roles of theirs in the group. */
  groupMessage: COMMON_PLACEHOLDERS,
  /**
   * A reviewer's daily digest: `{firstName}` is theirs, `{summary}` what it lists in words, `{items}`
   * the list (markdown the server writes: applicants by name, or by pseudonym on a blind stage),
   * `{dashboardLink}` their reviewer dashboard, `{settingsLink}` where they turn it off.
   */
  reviewerDigest: [...COMMON_PLACEHOLDERS, 'summary', 'items', 'dashboardLink', 'settingsLink'],
} as const satisfies Record<MessageKind, readonly string[]>;
export type MessagePlaceholder<K extends MessageKind> = (typeof MESSAGE_PLACEHOLDERS)[K][number];

/** Placeholders filled with markdown the server writes (its user-given parts escaped), never with plain text. */
export const BLOCK_PLACEHOLDERS: readonly string[] = ['answers', 'letter', 'note', 'items'];
