import {
  formatDateTime,
  formTeamRoles,
  INITIAL_RESPONSE_STATUS,
  isPastDue,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationResponse,
  type User,
} from '@portal/shared/domain';
import { composeMessage, outboxEvents, outboxId, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';

/** How long before a form's due date an applicant with an unsubmitted draft is reminded. */
export const DRAFT_REMINDER_BEFORE_MS = 48 * 60 * 60 * 1000;

/** Reminders queued per transaction. */
const PER_TRANSACTION = 100;

/** The applicant's page where the draft is. */
export const APPLICATION_PAGE_PATH = '/apply';

/**
 * The 48 h reminder: for every form not released whose due date is less than 48 hours away and
 * not past, each applicant whose response is still a draft gets one "draftReminder" message. Its
 * id names the form and the applicant, so they get it once per form however often this runs (and
 * however the due date moves).
 */
export async function queueDraftReminders(deps: {
  store: DocumentStore;
  now: () => Date;
  mail: MailSettings;
  /** Every form (the scheduler reads them once per run for all its steps). */
  forms: readonly ApplicationForm[];
}): Promise<{ queued: number }> {
  const { store, now, mail } = deps;
  const at = now();
  const forms = deps.forms.filter(
    (form) =>
      !form.decisionsReleased &&
      !isPastDue(form, at) &&
      Date.parse(form.dueDate) - DRAFT_REMINDER_BEFORE_MS <= at.getTime(),
  );
  let queued = 0;
  for (const form of forms) {
    const drafts = await queryAll<ApplicationResponse>(store, COLLECTIONS.responses, [
      { field: 'applicationFormId', value: form.id },
      { field: 'status', value: INITIAL_RESPONSE_STATUS },
    ]);
    for (let start = 0; start < drafts.length; start += PER_TRANSACTION) {
      const chunk = drafts.slice(start, start + PER_TRANSACTION);
      queued += await store.transaction(async (tx) => {
        const messages: OutboxMessage[] = [];
        for (const draft of chunk) {
          const id = outboxId(outboxEvents.draftReminder(form.id), draft.userId);
          if (await tx.get(COLLECTIONS.outbox, id)) continue;
          const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, draft.id);
          const user = await tx.get<User>(COLLECTIONS.users, draft.userId);
          if (!user || response?.status !== INITIAL_RESPONSE_STATUS) continue;
          messages.push(draftReminder(form, response, user, mail, at.toISOString()));
        }
        for (const message of messages) tx.create(COLLECTIONS.outbox, message.id, message);
        return messages.length;
      });
    }
  }
  return { queued };
}

function draftReminder(
  form: ApplicationForm,
  draft: ApplicationResponse,
  applicant: User,
  mail: MailSettings,
  at: string,
): OutboxMessage {
  const labels = formTeamRoles(form);
  return composeMessage({
    kind: 'draftReminder',
    form,
    event: outboxEvents.draftReminder(form.id),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role: draft.rolesApplied.map((role) => teamRoleLabel(labels, role)).join(', '),
      dueDate: formatDateTime(form.dueDate, form.timeZone ?? mail.timeZone),
      applicationLink: `${mail.portalUrl}${APPLICATION_PAGE_PATH}`,
    },
    settings: mail,
    at,
  });
}
