import { BLOCK_PLACEHOLDERS, type FormMessageKind, type MessageKind } from '../ids/placeholders';
import type { ApplicationForm } from '../schemas/forms';
import type { MessageTemplate } from '../schemas/message-templates';
import type { SectionResponse } from '../schemas/responses';
import { escapeMarkdown, typedMarkdown, withoutTypedMarks } from '../rules/markdown-text';

/**
 * The emails the portal sends (docs/product.md#emails): each kind has a markdown template per form (subject and
 * body), editable in the form builder, with the letters' placeholders plus what the message needs.
 * A form without a template of a kind sends `DEFAULT_MESSAGE_TEMPLATES`'. The server fills a
 * template in and renders it (HTML and plain text) when it queues the message in the outbox.
 */

/** Placeholders filled with what a person typed (their names): never linked (markdown-text.ts). */
const TYPED_PLACEHOLDERS: readonly string[] = ['firstName', 'interviewers', 'applicant', 'author'];

/** Why the person received each kind of message: the footer under every one. */
export const MESSAGE_FOOTERS: Record<MessageKind, (chapter: string) => string> = {
  submissionReceipt: (chapter) =>
    `You received this email because you submitted an application to ${chapter} through its application portal.`,
  decisionReleased: (chapter) =>
    `You received this email because you applied to ${chapter} and its decisions have been released.`,
  reviewerReminder: (chapter) =>
    `You received this email because you review applications for ${chapter} and reviews assigned to you are still open.`,
  interviewInvitation: (chapter) =>
    `You received this email because you applied to ${chapter} and were invited to interview.`,
  interviewConfirmation: (chapter) =>
    `You received this email because you booked an interview with ${chapter} through its application portal.`,
  interviewCancellation: (chapter) =>
    `You received this email because you had an interview with ${chapter} booked through its application portal, and it is cancelled.`,
  draftReminder: (chapter) =>
    `You received this email because you started an application to ${chapter} and have not submitted it yet. It is sent once.`,
  offerReply: (chapter) =>
    `You received this email because you replied to an offer from ${chapter} through its application portal.`,
  decisionChanged: (chapter) =>
    `You received this email because you applied to ${chapter} and the decision on your application has changed.`,
  offerExpired: (chapter) =>
    `You received this email because you are a super-reviewer at ${chapter} and an offer was not answered by its deadline.`,
  interviewChanged: (chapter) =>
    `You received this email because you booked an interview with ${chapter} through its application portal, and it has changed.`,
  interviewerBooking: (chapter) =>
    `You received this email because you interview applicants for ${chapter} and one booked a slot of yours.`,
  interviewerCancellation: (chapter) =>
    `You received this email because you interview applicants for ${chapter} and a booking of a slot of yours is cancelled.`,
  chooseRolesAgain: (chapter) =>
    `You received this email because you review applications for ${chapter} and the roles to review have changed.`,
  retentionNotice: (chapter) =>
    `You received this email because you are a super-reviewer at ${chapter} and a form's personal data is due to be erased. It is sent once.`,
  noteMention: (chapter) =>
    `You received this email because you are staff at ${chapter} and someone named you in a note on an application you can see.`,
  groupMessage: (chapter) =>
    `You received this email because you applied to ${chapter} and its director of recruitment wrote to applicants like you.`,
  reviewerDigest: (chapter) =>
    `You received this email because you review applications for ${chapter} and have new or soon-due work. At most one a day; turn it off in your review preferences.`,
};

/** The reviewer's digest (not a form's: it lists the work of every form they review). */
export const REVIEWER_DIGEST_TEMPLATE: MessageTemplate = {
  subject: 'Your reviews at {chapter}: {summary}',
  body: [
    'Hi {firstName},',
    '',
    '{items}',
    '',
    'Your dashboard: {dashboardLink}',
    '',
    'You get this digest at most once a day, and only when there is something new or due soon. Turn it off in your review preferences: {settingsLink}',
  ].join('\n'),
};

export const DEFAULT_MESSAGE_TEMPLATES: Record<FormMessageKind, MessageTemplate> = {
  submissionReceipt: {
    subject: 'We received your application to {chapter}',
    body: [
      'Hi {firstName},',
      '',
      'Thank you for applying to {chapter} for {semester}. We received your application on {submittedAt} for: {role}.',
      '',
      'Here is a summary of your answers:',
      '',
      '{answers}',
    ].join('\n'),
  },
  decisionReleased: {
    subject: 'Your application to {chapter}: the decision',
    body: [
      'Hi {firstName},',
      '',
      'The decisions on the {semester} applications to {chapter} have been released.',
      '',
      '{letter}',
      '',
      'You can also read it on your application page: {decisionLink}',
    ].join('\n'),
  },
  reviewerReminder: {
    subject: '{openReviews} waiting for you at {chapter}',
    body: [
      'Hi {firstName},',
      '',
      'A friendly reminder from {chapter}: you still have {openReviews} to submit for {semester}. Reviews are due {dueDate}.',
      '',
      'Your reviews: {dashboardLink}',
    ].join('\n'),
  },
  interviewInvitation: {
    subject: '{chapter} invites you to interview',
    body: [
      'Hi {firstName},',
      '',
      'Thank you for applying to {chapter} for {semester} ({role}). We would like to meet you: please book an interview slot that suits you.',
      '',
      'Book your interview: {bookingLink}',
    ].join('\n'),
  },
  interviewConfirmation: {
    subject: 'Your interview with {chapter}: {slotTime}',
    body: [
      'Hi {firstName},',
      '',
      'Your interview with {chapter} is booked:',
      '',
      '- When: {slotTime} ({length})',
      '- Where: {place}',
      '- With: {interviewers}',
      '',
      'The attached calendar file adds it to your calendar. To move or cancel it: {bookingLink}',
    ].join('\n'),
  },
  interviewCancellation: {
    subject: 'Your interview with {chapter} is cancelled',
    body: [
      'Hi {firstName},',
      '',
      'Your interview with {chapter} on {slotTime} ({length}, {place}) is cancelled.',
      '',
      'Your interview page (to book another slot while booking is open): {bookingLink}',
    ].join('\n'),
  },
  draftReminder: {
    subject: 'Your application to {chapter} is not submitted yet',
    body: [
      'Hi {firstName},',
      '',
      'You started an application to {chapter} for {semester}, but it is not submitted yet. Applications are due {dueDate}.',
      '',
      'Finish and submit it here: {applicationLink}',
    ].join('\n'),
  },
  offerReply: {
    subject: 'You {reply} the {role} offer from {chapter}',
    body: [
      'Hi {firstName},',
      '',
      'This confirms your reply: on {repliedAt} you {reply} the {role} offer from {chapter} for {semester}.',
      '',
      'Your decision: {decisionLink}',
    ].join('\n'),
  },
  decisionChanged: {
    subject: 'Your application to {chapter}: a new decision for {role}',
    body: [
      'Hi {firstName},',
      '',
      'The decision on your {semester} application to {chapter} for {role} has changed. It replaces what we wrote before:',
      '',
      '{letter}',
      '',
      '{replyBy}',
      '',
      'You can also read it on your application page: {decisionLink}',
    ].join('\n'),
  },
  offerExpired: {
    subject: 'An offer expired at {chapter}: {applicant}, {role}',
    body: [
      'Hi {firstName},',
      '',
      '{applicant} did not answer the {role} offer for {semester} by its deadline, {deadline}. The offer is marked expired, and the place can be offered to the next applicant on the waitlist.',
      '',
      'The dashboard: {dashboardLink}',
    ].join('\n'),
  },
  interviewChanged: {
    subject: 'Your interview with {chapter} has changed: {slotTime}',
    body: [
      'Hi {firstName},',
      '',
      'Your interview with {chapter} has changed. It is now:',
      '',
      '- When: {slotTime} ({length})',
      '- Where: {place}',
      '- With: {interviewers}',
      '',
      'The attached calendar file updates your calendar. If this no longer suits you, move or cancel it: {bookingLink}',
    ].join('\n'),
  },
  interviewerBooking: {
    subject: 'Interview booked: {applicant}, {slotTime}',
    body: [
      'Hi {firstName},',
      '',
      '{applicant} ({role}) has an interview with you for {semester}:',
      '',
      '- When: {slotTime} ({length})',
      '- Where: {place}',
      '- With: {interviewers}',
      '',
      'The attached calendar file adds it to your calendar. The interview: {interviewLink}',
    ].join('\n'),
  },
  interviewerCancellation: {
    subject: 'Interview cancelled: {applicant}, {slotTime}',
    body: [
      'Hi {firstName},',
      '',
      'The interview with {applicant} on {slotTime} ({length}, {place}) is no longer with you: it was cancelled or moved.',
      '',
      'The attached calendar file removes it from your calendar.',
    ].join('\n'),
  },
  chooseRolesAgain: {
    subject: 'Choose the roles you will review for {semester} at {chapter}',
    body: [
      'Hi {firstName},',
      '',
      'The {semester} application form of {chapter} is live, with its own roles: {roles}. Please choose again the roles you will review: until you do, applications are assigned to you only for the roles you chose before that this form still has.',
      '',
      'Choose your roles: {preferencesLink}',
    ].join('\n'),
  },
  retentionNotice: {
    subject: 'Personal data of {semester} applicants will be erased on {erasureAt}',
    body: [
      'Hi {firstName},',
      '',
      'The {semester} form keeps the personal data of the applicants who were not accepted for {days} days after its release. On {erasureAt} the portal erases the answers, files, interview bookings and emails of {applicants} (their whole account when nothing else of theirs is accepted or still open). The form keeps only its anonymous counts per role and decision.',
      '',
      "Export anything the club must keep before then, or keep the data longer in the form's settings, where the dry run shows what will go: {retentionLink}",
    ].join('\n'),
  },
  noteMention: {
    subject: '{author} mentioned you in a note on {applicant}',
    body: [
      'Hi {firstName},',
      '',
      '{author} mentioned you in a note on the {semester} application of {applicant}:',
      '',
      '{note}',
      '',
      'The application and its notes: {noteLink}',
    ].join('\n'),
  },
};

/** The form's template of a kind, else the default. */
export function messageTemplate(form: Pick<ApplicationForm, 'messages'>, kind: FormMessageKind): MessageTemplate {
  return form.messages?.[kind] ?? DEFAULT_MESSAGE_TEMPLATES[kind];
}

/**
 * A template with its placeholders filled in. A body is markdown: inline values are escaped as
 * markdown text (a name cannot become markup), names people typed are marked so that no renderer
 * links them (`TYPED_PLACEHOLDERS`), block values (`BLOCK_PLACEHOLDERS`) put in as the markdown
 * they are. A subject is plain text: values go in as they are.
 */
export function fillMessage(
  text: string,
  values: Record<string, string>,
  as: 'markdown' | 'plain' = 'markdown',
): string {
  return withoutTypedMarks(text).replace(/\{([^{}\s]+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    if (as === 'plain' || BLOCK_PLACEHOLDERS.includes(name)) return value;
    return TYPED_PLACEHOLDERS.includes(name) ? typedMarkdown(value) : escapeMarkdown(value);
  });
}

/** Longest answer text a receipt quotes; the rest is cut with an ellipsis. */
export const RECEIPT_ANSWER_CHARS = 300;

/** An answer as the receipt quotes it: what the applicant typed, so never linked. */
const quoteAnswer = (text: string) =>
  typedMarkdown(text.length > RECEIPT_ANSWER_CHARS ? `${text.slice(0, RECEIPT_ANSWER_CHARS)}…` : text);

/**
 * The submitted answers as markdown for a receipt: per section, each question's text and the
 * answer (long answers cut, files named as uploaded, unanswered optional questions left out).
 */
export function answersSummary(
  form: Pick<ApplicationForm, 'sections'>,
  sections: readonly SectionResponse[],
  roleLabel: (role: string) => string,
): string {
  const blocks: string[] = [];
  for (const section of form.sections) {
    const answers = new Map(
      (sections.find((given) => given.sectionId === section.sectionId)?.questions ?? []).map((answer) => [
        answer.questionId,
        answer,
      ]),
    );
    const lines = section.questions.flatMap((question) => {
      const answer = answers.get(question.questionId)?.response;
      if (answer === undefined || answer.length === 0) return [];
      const text =
        question.questionType === 'file-upload'
          ? '(a file, uploaded)'
          : Array.isArray(answer)
            ? answer.map((item) => (question.questionType === 'role-select' ? roleLabel(item) : item)).join(', ')
            : answer;
      return [`- **${escapeMarkdown(question.questionText)}**: ${quoteAnswer(text)}`];
    });
    if (lines.length > 0) blocks.push(`**${escapeMarkdown(section.sectionName)}**\n\n${lines.join('\n')}`);
  }
  return blocks.join('\n\n');
}

/**
 * GET /admin/outbox/failed (super-reviewer): messages that could not be delivered, newest first:
 * those the sender gave up on, and those the mail service reported undelivered.
 */
export interface FailedMessage {
  id: string;
  to: string;
  template: MessageKind;
  subject: string;
  formId: string;
  /**
   * 'sending': the portal's sender gave up after its last attempt; 'delivery': the portal handed
   * it over and the mail service (SMTP) reported it could not deliver it (`lastError` says why).
   */
  failedIn: 'sending' | 'delivery';
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}
export interface FailedMessages {
  /** All failed messages (the list holds at most `FAILED_MESSAGES_SHOWN`). */
  count: number;
  items: FailedMessage[];
}
export const FAILED_MESSAGES_SHOWN = 50;

/** A file attached to an email; `content` is text (UTF-8), as the Trigger Email extension takes it. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
export const OUTBOX_MESSAGES = {
  noMessage: 'No email with this ID!',
  notFailed: 'Only an email that could not be delivered can be sent again',
} as const;

/** GET /local/mailbox?email= (local runtime only): the outbox's messages to an address, newest first. */
export interface LocalMailboxMessage {
  id: string;
  /** Files attached (an interview's `.ics`), their content as text. */
  attachments?: EmailAttachment[];
  template: MessageKind;
  subject: string;
  html: string;
  text: string;
  state: 'queued' | 'sent' | 'failed';
  createdAt: string;
}
