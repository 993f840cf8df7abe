import { formTeamRoles, rolePreferencesStale, type ApplicationForm, type User } from '@portal/shared/domain';
import { composeMessage, outboxEvents, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, WriteOperation } from '../store/document-store';
import { queryAll } from '../store/query-pages';

/** Where a reviewer chooses the roles they review (the admin app's settings page). */
export const PREFERENCES_PAGE_PATH = '/admin/settings';

/** Messages per batch: well under Firestore's 500 writes per commit. */
const MESSAGES_PER_BATCH = 200;

/**
 * As a form goes live, every reviewer whose saved roles were not chosen among its roles
 * (`rolePreferencesStale`: another form's roles) is asked by email to choose again, once
 * per form (the message's id is the event and the reviewer). Until they do, the admin app shows them
 * the same request and auto-assign passes them by. Answers how many were asked.
 */
export async function askToChooseRolesAgain(
  deps: { store: DocumentStore; mail: MailSettings; now: () => Date },
  form: ApplicationForm,
): Promise<number> {
  const { store, mail } = deps;
  const reviewers = await queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: 'reviewer' }]);
  const at = deps.now().toISOString();
  const event = outboxEvents.chooseRolesAgain(form.id);
  const roles = formTeamRoles(form)
    .map((role) => role.label)
    .join(', ');
  const messages: OutboxMessage[] = [];
  // A reviewer who never chose is asked by the admin app's dialog on their first visit.
  const chosen = reviewers.filter((user) => (user.applicantRolePreferences?.length ?? 0) > 0);
  for (const reviewer of chosen.filter((user) => rolePreferencesStale(user, form))) {
    const message = composeMessage({
      kind: 'chooseRolesAgain',
      form,
      event,
      recipient: reviewer,
      values: {
        firstName: reviewer.firstName,
        semester: form.semester,
        role: roles,
        roles,
        preferencesLink: `${mail.portalUrl}${PREFERENCES_PAGE_PATH}`,
      },
      settings: mail,
      at,
    });
    if (!(await store.get(COLLECTIONS.outbox, message.id))) messages.push(message);
  }
  for (let start = 0; start < messages.length; start += MESSAGES_PER_BATCH) {
    await store.batch(
      messages.slice(start, start + MESSAGES_PER_BATCH).map((message): WriteOperation => ({
        kind: 'create',
        collection: COLLECTIONS.outbox,
        id: message.id,
        data: message,
      })),
    );
  }
  return messages.length;
}
