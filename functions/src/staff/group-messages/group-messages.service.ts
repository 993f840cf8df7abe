import { randomUUID } from 'node:crypto';
import {
  displayName,
  fillMessage,
  formTeamRoles,
  GROUP_MESSAGE_MESSAGES,
  GROUP_MESSAGE_WINDOW_MS,
  GROUP_PREVIEW_SAMPLES,
  fairReviewFields,
  INITIAL_RESPONSE_STATUS,
  searchText,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationResponse,
  type GroupMessagePreview,
  type GroupMessageSent,
  type groupMessageBodySchema,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import type { z } from 'zod/mini';
import { auditEntry, recordInTransaction, type AuditActor } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { composeMessage, outboxEvents, type MailSettings } from '../../outbox/outbox';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore, WriteOperation } from '../../store/document-store';
import { queryAll } from '../../store/query-pages';
import { createCalibrationCache } from '../calibration-cache';
import { formOrNotFound } from '../dashboard/dashboard.service';
import type { ReviewsRepository } from '../reviews.repository';

type GroupMessageInput = z.output<typeof groupMessageBodySchema>;
type Group = GroupMessageInput['group'];

/** One applicant in the group: their rows (one per role of theirs the group holds). */
interface Recipient {
  userId: string;
  sortName: string;
  roles: TeamRole[];
}

/** Messages written to the outbox per batch (a store batch holds at most 500 operations). */
export const GROUP_MESSAGE_BATCH = 400;
/** Recipients' user records read at once. */
const USER_READS = 100;

/** The per-form counter of the one-a-minute limit: the rate-limit counters' shape, so their clean-up removes it. */
const counterId = (formId: string) => `group-message.${formId}`;
interface Counter {
  hits: number;
  resetAt: string;
}

/**
 * A message to a group of applicants (docs/product.md#a-message-to-a-group): the recipients come
 * from the dashboard's filter alone (`allRows`, the rows listing's own query), one message per
 * applicant however many of their roles the group holds.
 */
export function createGroupMessagesService(deps: {
  reviews: Pick<ReviewsRepository, 'allRows' | 'getForm' | 'getUser' | 'interviewSlots'> &
    Parameters<typeof createCalibrationCache>[0];
  store: DocumentStore;
  now: () => Date;
  mail: MailSettings;
}) {
  const { reviews, store, mail } = deps;

  /**
   * The form's applicants whose application is started and not submitted (narrowed to a role they
   * chose): the draft reminders' equality query on the form and the draft status, so the
   * submitted responses are not read. A draft has no row and so no sort name: by user id.
   */
  async function draftsOf(form: ApplicationForm, group: Group): Promise<Recipient[]> {
    const drafts = await queryAll<ApplicationResponse>(store, COLLECTIONS.responses, [
      { field: 'applicationFormId', value: form.id },
      { field: 'status', value: INITIAL_RESPONSE_STATUS },
    ]);
    const byUser = new Map<string, Recipient>();
    for (const draft of drafts) {
      if (group.role && !draft.rolesApplied.includes(group.role)) continue;
      const roles = group.role ? [group.role] : draft.rolesApplied;
      byUser.set(draft.userId, { userId: draft.userId, sortName: draft.userId, roles: [...roles] });
    }
    return [...byUser.values()].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }

  /** The group's applicants, by name: one equality query on the form's rows (and its slots for `notBooked`). */
  async function recipientsOf(form: ApplicationForm, group: Group): Promise<Recipient[]> {
    if (group.recipients === 'drafts') return draftsOf(form, group);
    // Disagreement is checked against the form's calibration as it is now (a row's stored flag waits
    // for the dashboard's next read: docs/product.md#calibrated-scores-and-disagreement).
    const calibration = group.filter === 'disagreement' ? await createCalibrationCache(reviews).of(form) : null;
    const listed = await reviews.allRows(form.id, {
      qualifiedOnly: group.tab === 'qualified',
      filter: calibration ? undefined : group.filter,
      tag: group.tag,
      token: searchText(group.search ?? ''),
      also: [
        ...(group.role ? [{ field: 'role', value: group.role }] : []),
        ...(group.decision === 'undecided'
          ? [{ field: 'final', value: false }]
          : group.decision
            ? [{ field: 'decision', value: group.decision }]
            : []),
      ],
    });
    const rows = calibration ? listed.filter((row) => fairReviewFields(form, calibration, row).disagreement) : listed;
    const booked = new Set<string>();
    if (group.notBooked) {
      for (const slot of await reviews.interviewSlots(form.id)) {
        for (const booking of slot.bookings) booked.add(booking.responseId);
      }
    }
    const byUser = new Map<string, Recipient>();
    for (const row of rows.filter((each) => !booked.has(each.responseId))) {
      const known = byUser.get(row.userId);
      if (known) known.roles.push(row.role);
      else byUser.set(row.userId, { userId: row.userId, sortName: row.sortName, roles: [row.role] });
    }
    return [...byUser.values()].sort((a, b) =>
      a.sortName === b.sortName ? (a.userId < b.userId ? -1 : 1) : a.sortName < b.sortName ? -1 : 1,
    );
  }

  /** The user records of `recipients`, a few at a time; a deleted applicant has none (null). */
  async function usersOf(recipients: Recipient[]): Promise<(User | null)[]> {
    const users: (User | null)[] = [];
    for (let at = 0; at < recipients.length; at += USER_READS) {
      const chunk = recipients.slice(at, at + USER_READS);
      users.push(...(await Promise.all(chunk.map((each) => reviews.getUser(each.userId)))));
    }
    return users;
  }

  const valuesFor = (form: ApplicationForm, recipient: Recipient, user: User) => {
    const roles = formTeamRoles(form);
    return {
      firstName: user.firstName,
      role: [...recipient.roles]
        .sort()
        .map((role) => teamRoleLabel(roles, role))
        .join(', '),
      semester: form.semester,
      chapter: mail.chapterName,
    };
  };

  return {
    /** How many applicants the message reaches, and it filled in for the first few (by name). */
    async preview(formId: string, input: GroupMessageInput): Promise<GroupMessagePreview> {
      const form = await formOrNotFound(reviews, formId);
      const recipients = await recipientsOf(form, input.group);
      const samples: GroupMessagePreview['samples'] = [];
      for (let at = 0; at < recipients.length && samples.length < GROUP_PREVIEW_SAMPLES; at += 1) {
        const recipient = recipients[at]!;
        const user = await reviews.getUser(recipient.userId);
        if (!user) continue;
        const values = valuesFor(form, recipient, user);
        samples.push({
          name: displayName(user),
          subject: fillMessage(input.subject, values, 'plain'),
          body: fillMessage(input.body, values),
        });
      }
      return { recipients: recipients.length, samples };
    },

    /**
     * Queues the message for every applicant in the group: refused (429) within a minute of the
     * form's last one, counted with the audit entry in one transaction before anything is queued,
     * so a second click sends nothing; then the outbox is written in batches.
     */
    async send(formId: string, caller: AuditActor, input: GroupMessageInput): Promise<GroupMessageSent> {
      const form = await formOrNotFound(reviews, formId);
      const recipients = await recipientsOf(form, input.group);
      if (recipients.length === 0) throw new ApiError('conflict', GROUP_MESSAGE_MESSAGES.noRecipients);
      const sendId = randomUUID();
      const at = deps.now();
      await store.transaction(async (tx) => {
        const counter = await tx.get<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, counterId(formId));
        const left = counter ? Date.parse(counter.resetAt) - at.getTime() : 0;
        if (left > 0) throw new ApiError('rate-limited', GROUP_MESSAGE_MESSAGES.tooSoon(Math.ceil(left / 1000)));
        tx.set(COLLECTIONS.rateLimits, counterId(formId), {
          hits: 1,
          resetAt: new Date(at.getTime() + GROUP_MESSAGE_WINDOW_MS).toISOString(),
        });
        recordInTransaction(
          tx,
          auditEntry({
            actor: caller,
            action: 'group-message.sent',
            target: { collection: COLLECTIONS.forms, id: formId },
            formId,
            before: null,
            // The search's words stay out: they are often an applicant's name (docs/security.md).
            after: { sendId, group: auditedGroup(input.group), subject: input.subject, recipients: recipients.length },
            at: at.toISOString(),
          }),
        );
      });
      const template = { subject: input.subject, body: input.body };
      const event = outboxEvents.groupMessage(sendId);
      let sent = 0;
      for (let start = 0; start < recipients.length; start += GROUP_MESSAGE_BATCH) {
        const chunk = recipients.slice(start, start + GROUP_MESSAGE_BATCH);
        const users = await usersOf(chunk);
        const writes: WriteOperation[] = [];
        chunk.forEach((recipient, index) => {
          const user = users[index];
          // Deleted since the group was read: nobody to write to.
          if (!user) return;
          const message = composeMessage({
            kind: 'groupMessage',
            form,
            event,
            recipient: { id: user.id, email: user.email },
            values: valuesFor(form, recipient, user),
            settings: mail,
            at: at.toISOString(),
            template,
          });
          writes.push({ kind: 'create', collection: COLLECTIONS.outbox, id: message.id, data: message });
        });
        if (writes.length > 0) await store.batch(writes);
        sent += writes.length;
      }
      return { sent, skipped: recipients.length - sent };
    },
  };
}

/** The group as the audit log keeps it: its filters, and whether a search narrowed it, not the search. */
function auditedGroup({ search, ...filters }: GroupMessageInput['group']) {
  return search ? { ...filters, searched: true } : filters;
}
