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
};

/** Placeholders every message may use: the letters' and the chapter's name. */
const COMMON_PLACEHOLDERS = [...LETTER_PLACEHOLDERS, 'chapter'] as const;

/**
 * Each kind's placeholders. `{role}` is every role applied for, by the form's labels. Block
 * placeholders (`answers`, `letter`) are markdown of their own and may stand only in a body.
 */
export const MESSAGE_PLACEHOLDERS = {
  submissionReceipt: [...COMMON_PLACEHOLDERS, 'submittedAt', 'answers'],
  decisionReleased: [...COMMON_PLACEHOLDERS, 'letter', 'decisionLink'],
  /** To a reviewer: `{firstName}` is theirs; `{open}` how many reviews wait, `{dueDate}` the form's review due date. */
  reviewerReminder: [...COMMON_PLACEHOLDERS, 'open', 'dueDate', 'dashboardLink'],
  /** `{bookingLink}`: the status page where the applicant books a slot. */
  interviewInvitation: [...COMMON_PLACEHOLDERS, 'bookingLink'],
  /** `{slotTime}` in the chapter's zone (named), `{length}` e.g. "30 minutes", `{place}` a room or video link. */
  interviewConfirmation: [...COMMON_PLACEHOLDERS, 'slotTime', 'length', 'place', 'interviewers', 'bookingLink'],
  interviewCancellation: [...COMMON_PLACEHOLDERS, 'slotTime', 'length', 'place', 'bookingLink'],
  /** To an applicant with an unsubmitted draft, 48 h before `{dueDate}` (the form's, with its zone). */
  draftReminder: [...COMMON_PLACEHOLDERS, 'dueDate', 'applicationLink'],
  /** To an applicant who answered an offer: `{role}` is the offer's role, `{reply}` "accepted" or "declined". */
  offerReply: [...COMMON_PLACEHOLDERS, 'reply', 'repliedAt', 'decisionLink'],
} as const satisfies Record<MessageKind, readonly string[]>;
export type MessagePlaceholder<K extends MessageKind> = (typeof MESSAGE_PLACEHOLDERS)[K][number];

/** Placeholders filled with markdown the server writes (its user-given parts escaped), never with plain text. */
export const BLOCK_PLACEHOLDERS: readonly string[] = ['answers', 'letter'];
