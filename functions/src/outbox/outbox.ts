import {
  escapeMarkdown,
  fillMessage,
  MESSAGE_FOOTERS,
  messageTemplate,
  type ApplicationForm,
  type EmailAttachment,
  type FailedMessage,
  type MessageKind,
  type MessageTemplate,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { StoreTransaction } from '../store/document-store';
import { renderEmail } from './render-email';

/**
 * The outbox (docs/decisions/outbox.md): every email the portal sends is first a document here, written in the
 * same transaction as the change that causes it. Its id is the idempotency key: the event and the
 * recipient, so one event never queues a message twice for one person. A sender
 * (`outbox-sender.ts`) delivers queued messages and records the outcome.
 */

export const OUTBOX_STATES = ['queued', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxMessage {
  [field: string]: unknown;
  id: string;
  /** The recipient's user id and the address the message goes to (lower-cased). */
  recipientId: string;
  to: string;
  template: MessageKind;
  /** The values the template was filled with. */
  data: Record<string, string>;
  formId: string;
  /** What caused the message, e.g. `submit.<responseId>`. */
  event: string;
  /** Rendered when queued, so a later template edit does not change a queued message. */
  subject: string;
  html: string;
  text: string;
  /** The applicant a message to someone else is about (an interviewer's about a booking): erased with them. */
  aboutUserId?: string;
  /** The applicants a message to someone else lists (a reviewer's digest): erased with any of them. */
  aboutUserIds?: string[];
  /** Files sent with the message (an interview's `.ics`); absent when none. */
  attachments?: EmailAttachment[];
  state: OutboxState;
  /**
   * Where a failed message failed: 'sending' when the sender gave up after its last attempt,
   * 'delivery' when the mail service (production's extension) reported it could not deliver what
   * the sender handed over (`recordDeliveryFailures`). Absent before a message fails; null once sent again.
   */
  failedIn?: FailedMessage['failedIn'] | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the sender may next try a queued message (backoff after a failure). */
  nextAttemptAt: string;
  sentAt: string | null;
}

/** What the server knows of the chapter for its emails (the build's PORTAL_CHAPTER_NAME; the portal's address). */
export interface MailSettings {
  chapterName: string;
  /** The portal's origin, for links in messages (e.g. https://apply.chapter.org). */
  portalUrl: string;
  /** The chapter's time zone for dates in messages when a form names none (PORTAL_CHAPTER_TIME_ZONE). */
  timeZone?: string;
}

/** What the tests and a server without settings use: the build's defaults. */
export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  chapterName: 'Example Chapter',
  portalUrl: 'http://localhost:8080',
  timeZone: 'America/New_York',
};

/** The idempotency key of a message: one per event and recipient. */
export const outboxId = (event: string, recipientId: string) => `${event}~${recipientId}`;

export const outboxEvents = {
  submitted: (responseId: string) => `submit.${responseId}`,
  released: (formId: string) => `release.${formId}`,
  /** At most one reminder a day per reviewer and form (the day in UTC). */
  reminded: (formId: string, at: Date) => `remind.${formId}.${at.toISOString().slice(0, 10)}`,
  /** Once per reviewer and form: the reminder the scheduler sends when the review due date has passed. */
  overdue: (formId: string) => `remind-overdue.${formId}`,
  /** One invitation to interview per applicant and form, whichever way they were invited first. */
  invitedToInterview: (formId: string) => `interview-invite.${formId}`,
  /** A booking (or a move) of a slot, at the time it was made. */
  booked: (slotId: string, at: string) => `interview-book.${slotId}.${Date.parse(at)}`,
  /** A cancellation of a booking of a slot, at the time it was made. */
  unbooked: (slotId: string, at: string) => `interview-cancel.${slotId}.${Date.parse(at)}`,
  /**
   * The confirmation of an applicant's reply to an offer: one reply per offer, so one message. An
   * offer made by a changed decision after release (`madeAt`) is a new offer with a reply of its own.
   */
  offerReplied: (responseId: string, role: string, madeAt?: string) =>
    `offer-reply.${responseId}.${role}${madeAt ? `.${Date.parse(madeAt)}` : ''}`,
  /** A booking cancelled because the form's decisions were released (at the release's time). */
  unbookedAtRelease: (slotId: string, releasedAt: string) =>
    `interview-release-cancel.${slotId}.${Date.parse(releasedAt)}`,
  /** To an interviewer: one booking (its response) of a slot of theirs made, moved or changed, at its time. */
  interviewerBooked: (slotId: string, responseId: string, at: string) =>
    `interviewer-book.${slotId}.${responseId}.${Date.parse(at)}`,
  /** To an interviewer: one booking of a slot of theirs cancelled or moved away, at its time. */
  interviewerUnbooked: (slotId: string, responseId: string, at: string) =>
    `interviewer-cancel.${slotId}.${responseId}.${Date.parse(at)}`,
  /** Once per reviewer and form: asked to choose their roles again as the form goes live. */
  chooseRolesAgain: (formId: string) => `choose-roles.${formId}`,
  /** A change the director made to a booked slot, at its time. */
  slotChanged: (slotId: string, at: string) => `interview-change.${slotId}.${Date.parse(at)}`,
  /** Once per applicant and form: the reminder of an unsubmitted draft before the due date. */
  draftReminder: (formId: string) => `draft-reminder.${formId}`,
  /** Once per note and person it names (an edit that names someone new tells only them). */
  noteMention: (noteId: string) => `note-mention.${noteId}`,
  /** One message to a group (its own id): one message per applicant in it. */
  groupMessage: (sendId: string) => `group-message.${sendId}`,
};

/**
 * A value as a message header carries it (subject, address, attachment name and type): a line
 * break would end the header and start another ("Bcc: ..."), so each run of control characters
 * and line or paragraph separators becomes one space.
 */
export function headerValue(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** An attachment's name and type are header values too. */
export const withHeaderValues = (attachment: EmailAttachment): EmailAttachment => ({
  ...attachment,
  filename: headerValue(attachment.filename),
  contentType: headerValue(attachment.contentType),
});

/** The path of the applicant's status page, where the decision and letter are. */
export const DECISION_PAGE_PATH = '/apply/status';

/** A queued message of a kind for one recipient: the form's template filled in and rendered. */
export function composeMessage(input: {
  kind: MessageKind;
  form: Pick<ApplicationForm, 'id' | 'messages'>;
  event: string;
  recipient: { id: string; email: string };
  values: Record<string, string>;
  settings: MailSettings;
  at: string;
  attachments?: EmailAttachment[];
  /** The subject and body to fill in instead of the form's template (a group message is written as it is sent). */
  template?: MessageTemplate;
}): OutboxMessage {
  const { kind, form, event, recipient, settings, at } = input;
  const template =
    input.template ?? (kind === 'groupMessage' || kind === 'reviewerDigest' ? undefined : messageTemplate(form, kind));
  if (!template) throw new Error(`A message of kind ${kind} is composed with its own subject and body`);
  const data = { ...input.values, chapter: settings.chapterName };
  const rendered = renderEmail({
    subject: fillMessage(template.subject, data, 'plain'),
    body: fillMessage(template.body, data),
    chapter: settings.chapterName,
    footer: MESSAGE_FOOTERS[kind](escapeMarkdown(settings.chapterName)),
  });
  return {
    id: outboxId(event, recipient.id),
    recipientId: recipient.id,
    // Addresses are compared lower-cased (Firebase Auth keeps them so), e.g. by the local mailbox.
    to: headerValue(recipient.email.toLowerCase()),
    template: kind,
    data,
    formId: form.id,
    event,
    ...rendered,
    subject: headerValue(rendered.subject),
    ...(input.attachments?.length ? { attachments: input.attachments.map(withHeaderValues) } : {}),
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    nextAttemptAt: at,
    sentAt: null,
  };
}

/** Outbox access inside a store transaction: read whether a message exists (before any write), then queue it. */
export function outboxInTransaction(tx: StoreTransaction) {
  return {
    getOutboxMessage: (id: string) => tx.get<OutboxMessage>(COLLECTIONS.outbox, id),
    queueMessage: (message: OutboxMessage) => tx.create(COLLECTIONS.outbox, message.id, message),
  };
}
export type OutboxTransaction = ReturnType<typeof outboxInTransaction>;
