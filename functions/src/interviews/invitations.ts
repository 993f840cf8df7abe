import { formTeamRoles, teamRoleLabel, type ApplicationForm, type ApplicationRow } from '@portal/shared/domain';
import { composeMessage, outboxEvents, outboxId, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import type { ReviewsTransaction } from '../staff/reviews.repository';

/** The applicant app's page where an invited applicant books, moves or cancels their interview. */
export const interviewPagePath = (formId: string) => `/apply/interview/${encodeURIComponent(formId)}`;

/**
 * The interview invitations a change queues: one per applicant and form whose row `rows` invite
 * (qualified, or an interviewer assigned), unless one was queued before (the outbox id is the
 * event and the recipient). Reads only: call it before the transaction's first write, then queue
 * what it answers in the same transaction.
 */
export async function interviewInvitations(
  tx: Pick<ReviewsTransaction, 'getUser' | 'getOutboxMessage'>,
  rows: readonly ApplicationRow[],
  forms: ReadonlyMap<string, ApplicationForm | null | undefined>,
  mail: MailSettings,
  at: string,
): Promise<OutboxMessage[]> {
  const byApplicant = new Map<string, ApplicationRow[]>();
  for (const row of rows) {
    const key = `${row.applicationFormId}\n${row.userId}`;
    byApplicant.set(key, [...(byApplicant.get(key) ?? []), row]);
  }
  const messages: OutboxMessage[] = [];
  for (const invited of byApplicant.values()) {
    const { applicationFormId: formId, userId } = invited[0]!;
    const form = forms.get(formId);
    const event = outboxEvents.invitedToInterview(formId);
    if (!form || form.decisionsReleased || (await tx.getOutboxMessage(outboxId(event, userId)))) continue;
    const applicant = await tx.getUser(userId);
    if (!applicant) continue;
    messages.push(
      composeMessage({
        kind: 'interviewInvitation',
        form,
        event,
        recipient: applicant,
        values: {
          firstName: applicant.firstName,
          semester: form.semester,
          role: invited.map((row) => teamRoleLabel(formTeamRoles(form), row.role)).join(', '),
          bookingLink: `${mail.portalUrl}${interviewPagePath(formId)}`,
        },
        settings: mail,
        at,
      }),
    );
  }
  return messages;
}
