import {
  applicantLetter,
  applicationRowId,
  formatDateTime,
  formTeamRoles,
  GENERIC_LETTERS,
  isFinalDecision,
  offerDeadlineAfter,
  rowWithChangedDecision,
  STAFF_MESSAGES,
  teamRoleLabel,
  toRowView,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationRowView,
  type FinalDecision,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import { auditEntry, SCHEDULER_ACTOR, type AuditActor } from '../../audit/audit-entry';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { composeMessage, type MailSettings, type OutboxMessage } from '../../outbox/outbox';
import { decisionPagePath } from '../../responses/decisions.service';
import { COLLECTIONS } from '../../store/collections';
import type { OffersRepository } from './offers.repository';
import type { ReviewsRepository, ReviewsTransaction, TransactionsOf } from '../reviews.repository';
import { noRowError } from '../staff-errors';
import { DECISION_WORDS } from './row-decisions.service';

/** What a released decision's change, the offers' deadlines and their expiry read and write. */
export type ReleasedDecisionsRepository = Pick<ReviewsRepository, 'getForm' | 'offeredRows'> &
  TransactionsOf<
    Pick<
      ReviewsTransaction,
      | 'getForm'
      | 'getRow'
      | 'getUser'
      | 'queueMessage'
      | 'readApplication'
      | 'record'
      | 'setForm'
      | 'setRow'
      | 'writeApplication'
    >
  >;

/** Rows written per transaction when a release's offers get their deadlines, or offers expire. */
const ROWS_PER_TRANSACTION = 100;

/** Who the audit log names for what the scheduler does on its own (an offer's expiry). */

/** Message events of this module: one per change of a decision, one per expired offer and director. */
export const offerEvents = {
  decisionChanged: (responseId: string, role: string, at: string) =>
    `decision-change.${responseId}.${role}.${Date.parse(at)}`,
  offerExpired: (responseId: string, role: string, deadline: string) =>
    `offer-expired.${responseId}.${role}.${Date.parse(deadline)}`,
};

/** The director's dashboard of a form, linked from the expiry message. */
const dashboardPath = (formId: string) => `/admin/dor/dashboard/${encodeURIComponent(formId)}/qualified`;

const zoneOf = (form: ApplicationForm, mail: MailSettings) => form.timeZone ?? mail.timeZone;

/** The applicant's message of a changed decision: the role's new decision in plain words and its letter. */
function decisionChangedMessage(
  form: ApplicationForm,
  applicant: User,
  row: ApplicationRow,
  mail: MailSettings,
  at: string,
): OutboxMessage {
  const decision = row.decision as FinalDecision;
  const role = teamRoleLabel(formTeamRoles(form), row.role);
  const body = applicantLetter(form, decision, row.role, applicant.firstName)?.body ?? GENERIC_LETTERS[decision];
  return composeMessage({
    kind: 'decisionChanged',
    form,
    event: offerEvents.decisionChanged(row.responseId, row.role, at),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role,
      letter: `**${role}: ${DECISION_WORDS[decision]}**\n\n${body}`,
      replyBy: row.offerDeadline
        ? `Please accept or decline the offer by ${formatDateTime(row.offerDeadline, zoneOf(form, mail))}.`
        : '',
      decisionLink: `${mail.portalUrl}${decisionPagePath(row.responseId, row.role)}`,
    },
    settings: mail,
    at,
  });
}

/**
 * After release the form's review work stays read-only, except the decisions themselves: a
 * super-reviewer may change a released decision (a waitlisted applicant offered a declined place,
 * or a correction). The change tells the applicant (a new letter by email, their decision page
 * follows the row) and is audited. Offers may carry a deadline (the form's `offerReplyDays`); the
 * scheduler marks an offer unanswered by then expired and tells the super-reviewers.
 */
export function createReleasedDecisionsService(deps: {
  reviews: ReleasedDecisionsRepository;
  offers: OffersRepository;
  now: () => Date;
  mail: MailSettings;
}) {
  const { reviews, offers, now, mail } = deps;

  return {
    /**
     * Changes the released decision of one row, in one transaction with the applicant's message
     * and the audit entry (before → after, the offer's reply included). The offer's reply and
     * deadline are cleared; a new offer waits for a reply (with the form's deadline, if any).
     */
    async change(
      responseId: string,
      role: TeamRole,
      decision: FinalDecision,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const state = await tx.readApplication(responseId);
        const row = state?.rows.get(applicationRowId(responseId, role));
        if (!state || !row) throw noRowError();
        const form = await tx.getForm(row.applicationFormId);
        if (!form) throw noFormError();
        if (!form.decisionsReleased) throw ApiError.because('release-pending', STAFF_MESSAGES.notReleased);
        if (isFinalDecision(row.decision) && row.decision === decision) {
          throw ApiError.because('same-decision', STAFF_MESSAGES.sameDecision);
        }
        const applicant = await tx.getUser(row.userId);
        const next = rowWithChangedDecision(row, decision, at, form.offerReplyDays);
        tx.writeApplication(state, [next]);
        tx.record(
          auditEntry({
            actor,
            action: 'decision.changed',
            target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
            formId: row.applicationFormId,
            before: { decision: row.decision, offer: row.offer ?? null },
            after: { decision, offer: null, offerDeadline: next.offerDeadline ?? null },
            at,
          }),
        );
        if (applicant) tx.queueMessage(decisionChangedMessage(form, applicant, next, mail, at));
        return toRowView(next);
      });
    },

    /** Sets (or, with null, removes) the days an applicant has to answer an offer made from now on. */
    async setOfferReplyDays(formId: string, days: number | null, actor: AuditActor): Promise<ApplicationForm> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const form = await tx.getForm(formId);
        if (!form) throw noFormError();
        const { offerReplyDays: before, ...rest } = form;
        const next: ApplicationForm = days === null ? rest : { ...rest, offerReplyDays: days };
        tx.setForm(next);
        tx.record(
          auditEntry({
            actor,
            action: 'form.offer-deadline-changed',
            target: { collection: COLLECTIONS.forms, id: formId },
            formId,
            before: { offerReplyDays: before ?? null },
            after: { offerReplyDays: days },
            at,
          }),
        );
        return next;
      });
    },

    /**
     * Gives the offers a release made (pending, without a deadline) the form's deadline, counted
     * from the release. Idempotent (an offer with a deadline is left alone), so the release job
     * runs it again after a crash. Answers how many offers it dated.
     */
    async dateReleaseOffers(formId: string, releasedAt: string): Promise<number> {
      const form = await reviews.getForm(formId);
      const deadline = offerDeadlineAfter(releasedAt, form?.offerReplyDays);
      if (!form?.decisionsReleased || !deadline) return 0;
      const undated = (await reviews.offeredRows(formId)).filter((row) => !row.offer && !row.offerDeadline);
      let dated = 0;
      for (let start = 0; start < undated.length; start += ROWS_PER_TRANSACTION) {
        const chunk = undated.slice(start, start + ROWS_PER_TRANSACTION);
        dated += await reviews.transaction(async (tx) => {
          const current = await Promise.all(chunk.map((row) => tx.getRow(row.responseId, row.role)));
          const open = current.filter(
            (row): row is ApplicationRow => !!row && row.decision === 'accepted' && !row.offer && !row.offerDeadline,
          );
          for (const row of open) tx.setRow({ ...row, offerDeadline: deadline });
          return open.length;
        });
      }
      return dated;
    },

    /**
     * Marks every pending offer whose deadline has passed expired (read in deadline order, so the
     * first one still open ends the read: no scan of the rows), an audit entry each, and queues a
     * message to every super-reviewer so the place can be offered to the next on the waitlist.
     */
    async expireOffers(): Promise<{ expired: number }> {
      const at = now().toISOString();
      const due = await offers.pendingOffersDueBy(at);
      if (due.length === 0) return { expired: 0 };
      const directors = await offers.superReviewers();
      let expired = 0;
      for (let start = 0; start < due.length; start += ROWS_PER_TRANSACTION) {
        const chunk = due.slice(start, start + ROWS_PER_TRANSACTION);
        expired += await reviews.transaction(async (tx) => {
          const forms = new Map<string, ApplicationForm | null>();
          const rows: { row: ApplicationRow; form: ApplicationForm }[] = [];
          for (const known of chunk) {
            const row = await tx.getRow(known.responseId, known.role);
            if (!row || row.decision !== 'accepted' || row.offer || !row.offerDeadline) continue;
            if (Date.parse(row.offerDeadline) > Date.parse(at)) continue;
            if (!forms.has(row.applicationFormId))
              forms.set(row.applicationFormId, await tx.getForm(row.applicationFormId));
            const form = forms.get(row.applicationFormId);
            if (form) rows.push({ row, form });
          }
          for (const { row, form } of rows) {
            tx.setRow({ ...row, offer: 'expired' });
            tx.record(
              auditEntry({
                actor: SCHEDULER_ACTOR,
                action: 'offer.expired',
                target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
                formId: row.applicationFormId,
                before: { offer: 'pending', offerDeadline: row.offerDeadline },
                after: { offer: 'expired' },
                at,
              }),
            );
            for (const director of directors) {
              tx.queueMessage({
                // Erased with the applicant it names (staff/user-erasure.ts).
                aboutUserId: row.userId,
                ...composeMessage({
                  kind: 'offerExpired',
                  form,
                  event: offerEvents.offerExpired(row.responseId, row.role, row.offerDeadline!),
                  recipient: director,
                  values: {
                    firstName: director.firstName,
                    semester: form.semester,
                    role: teamRoleLabel(formTeamRoles(form), row.role),
                    applicant: row.applicantName,
                    deadline: formatDateTime(row.offerDeadline!, zoneOf(form, mail)),
                    dashboardLink: `${mail.portalUrl}${dashboardPath(form.id)}`,
                  },
                  settings: mail,
                  at,
                }),
              });
            }
          }
          return rows.length;
        });
      }
      return { expired };
    },
  };
}
export type ReleasedDecisionsService = ReturnType<typeof createReleasedDecisionsService>;
