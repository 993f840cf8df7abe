import {
  applicantLetter,
  formatDateTime,
  formTeamRoles,
  RESPONSE_MESSAGES,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationResponse,
  type OfferReply,
  type RoleDecision,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import { COLLECTIONS } from '../store/collections';
import { withRenderedLetter } from '../markdown/rendered-markdown';
import { composeMessage, outboxEvents, outboxId, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import type { ResponsesRepository } from './responses.repository';
import { ownedOrNotFound } from './responses.service';

export const DECISION_MESSAGES = {
  noDecision: 'You did not apply for this role',
  noOffer: 'There is no offer to reply to for this role',
  alreadyReplied: 'You have already replied to this offer',
  expired: 'This offer has expired: it was not answered by its deadline',
} as const;

export const noDecisionError = () => ApiError.because('not-applied', DECISION_MESSAGES.noDecision);

/** The applicant's decision page for a role, linked from the reply's confirmation. */
export const decisionPagePath = (responseId: string, role: string) =>
  `/apply/decision/${encodeURIComponent(responseId)}/${encodeURIComponent(role)}`;

/** The confirmation of a reply to an offer, either way, queued with the reply. */
function offerReplyMessage(input: {
  form: ApplicationForm;
  applicant: User;
  responseId: string;
  role: TeamRole;
  offer: 'accepted' | 'declined';
  at: string;
  mail: MailSettings;
  /** When a changed decision after release made the offer (absent: the release made it). */
  madeAt?: string;
}): OutboxMessage {
  const { form, applicant, responseId, role, offer, at, mail } = input;
  return composeMessage({
    kind: 'offerReply',
    form,
    event: outboxEvents.offerReplied(responseId, role, input.madeAt),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role: teamRoleLabel(formTeamRoles(form), role),
      reply: offer,
      repliedAt: formatDateTime(at, form.timeZone ?? mail.timeZone),
      decisionLink: `${mail.portalUrl}${decisionPagePath(responseId, role)}`,
    },
    settings: mail,
    at,
  });
}

export interface DecisionsService {
  get(uid: string, responseId: string, role: TeamRole): Promise<RoleDecision>;
  reply(uid: string, responseId: string, role: TeamRole, reply: OfferReply): Promise<RoleDecision>;
}

/** The outcome for one role, with the applicant's letter filled in (only ever called after release). */
const toRoleDecision = (status: ApplicationRow, form: ApplicationForm, firstName: string): RoleDecision =>
  // With the HTML of its letter's markdown, as the applicant's page shows it (no renderer downloaded).
  withRenderedLetter({
    role: status.role,
    decision: status.decision,
    offer: status.offer ?? null,
    offerDeadline: status.offerDeadline ?? null,
    letter: applicantLetter(form, status.decision, status.role, firstName),
    ...(form.roles && { formRoles: form.roles }),
  });

function appliedStatus(response: ApplicationResponse, role: TeamRole, status: ApplicationRow | null): ApplicationRow {
  if (!response.rolesApplied.includes(role) || !status) throw noDecisionError();
  return status;
}

/** What an applicant sees of the outcome per role: nothing before release, then the decision and the offer. */
export function createDecisionsService(deps: {
  responses: ResponsesRepository;
  now: () => Date;
  mail: MailSettings;
}): DecisionsService {
  const { responses, now, mail } = deps;
  const firstNameOf = async (uid: string) => (await responses.getUser(uid))?.firstName ?? '';
  return {
    async get(uid, responseId, role) {
      const response = ownedOrNotFound(await responses.getResponse(responseId), uid);
      const status = appliedStatus(response, role, await responses.getReviewStatus(responseId, role));
      const form = await responses.getForm(response.applicationFormId);
      if (!form?.decisionsReleased) throw ApiError.because('not-released', RESPONSE_MESSAGES.decisionsNotReleased);
      return toRoleDecision(status, form, await firstNameOf(uid));
    },

    async reply(uid, responseId, role, reply) {
      const repliedAt = now();
      const { status, form, firstName } = await responses.transaction(async (tx) => {
        const response = ownedOrNotFound(await tx.getResponse(responseId), uid);
        const status = appliedStatus(response, role, await tx.getReviewStatus(responseId, role));
        const form = await tx.getForm(response.applicationFormId);
        if (!form?.decisionsReleased) throw ApiError.because('not-released', RESPONSE_MESSAGES.decisionsNotReleased);
        if (status.decision !== 'accepted') throw ApiError.because('no-offer', DECISION_MESSAGES.noOffer);
        const expired =
          status.offer === 'expired' ||
          (!status.offer && !!status.offerDeadline && repliedAt.getTime() > Date.parse(status.offerDeadline));
        if (expired) throw ApiError.because('offer-expired', DECISION_MESSAGES.expired);
        if (status.offer) throw ApiError.because('offer-answered', DECISION_MESSAGES.alreadyReplied);
        const user = await tx.getUser(uid);
        const queued = user
          ? await tx.getOutboxMessage(outboxId(outboxEvents.offerReplied(responseId, role, status.offerMadeAt), uid))
          : null;
        const answered = {
          offer: reply === 'accept' ? ('accepted' as const) : ('declined' as const),
          offerRepliedAt: repliedAt.toISOString(),
        };
        tx.recordOfferReply(responseId, role, answered);
        tx.record(
          offerReplyEntry(
            user ?? { id: uid, firstName: status.applicantName, lastName: '', email: '' },
            status,
            answered,
          ),
        );
        // The confirmation commits with the reply, or neither does.
        if (user && !queued) {
          const at = answered.offerRepliedAt;
          tx.queueMessage(
            offerReplyMessage({
              form,
              applicant: user,
              responseId,
              role,
              offer: answered.offer,
              at,
              mail,
              madeAt: status.offerMadeAt,
            }),
          );
        }
        return { status: { ...status, ...answered }, form, firstName: user?.firstName ?? '' };
      });
      return toRoleDecision(status, form, firstName);
    },
  };
}

/** An applicant's answer to an offer, for the audit log. */
const offerReplyEntry = (
  actor: AuditActor,
  status: ApplicationRow,
  answered: Pick<Required<ApplicationRow>, 'offer' | 'offerRepliedAt'>,
) =>
  auditEntry({
    actor,
    action: 'offer.replied',
    target: { collection: COLLECTIONS.reviewStatuses, id: status.id },
    formId: status.applicationFormId,
    before: { offer: status.offer ?? 'pending' },
    after: { offer: answered.offer },
    at: answered.offerRepliedAt,
  });
