import {
  applicantLetter,
  RESPONSE_MESSAGES,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationResponse,
  type OfferReply,
  type RoleDecision,
  type TeamRole,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import type { ResponsesRepository } from './responses.repository';
import { ownedOrNotFound } from './responses.service';

export const DECISION_MESSAGES = {
  noDecision: 'You did not apply for this role',
  noOffer: 'There is no offer to reply to for this role',
  alreadyReplied: 'You have already replied to this offer',
} as const;

export const noDecisionError = () => new ApiError('not-found', DECISION_MESSAGES.noDecision);

export interface DecisionsService {
  get(uid: string, responseId: string, role: TeamRole): Promise<RoleDecision>;
  reply(uid: string, responseId: string, role: TeamRole, reply: OfferReply): Promise<RoleDecision>;
}

/** The outcome for one role, with the applicant's letter filled in (only ever called after release). */
const toRoleDecision = (status: ApplicationRow, form: ApplicationForm, firstName: string): RoleDecision => ({
  role: status.role,
  decision: status.decision,
  offer: status.offer ?? null,
  letter: applicantLetter(form, status.decision, status.role, firstName),
  ...(form.roles && { formRoles: form.roles }),
});

function appliedStatus(response: ApplicationResponse, role: TeamRole, status: ApplicationRow | null): ApplicationRow {
  if (!response.rolesApplied.includes(role) || !status) throw noDecisionError();
  return status;
}

/** What an applicant sees of the outcome per role: nothing before release, then the decision and the offer. */
export function createDecisionsService(deps: { responses: ResponsesRepository; now: () => Date }): DecisionsService {
  const { responses, now } = deps;
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
        if (status.offer) throw ApiError.because('offer-answered', DECISION_MESSAGES.alreadyReplied);
        if (status.decision !== 'accepted') throw ApiError.because('no-offer', DECISION_MESSAGES.noOffer);
        const user = await tx.getUser(uid);
        const answered = {
          offer: reply === 'accept' ? ('accepted' as const) : ('declined' as const),
          offerRepliedAt: repliedAt.toISOString(),
        };
        tx.recordOfferReply(responseId, role, answered);
        return { status: { ...status, ...answered }, form, firstName: user?.firstName ?? '' };
      });
      return toRoleDecision(status, form, firstName);
    },
  };
}
