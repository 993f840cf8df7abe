import { Router } from 'express';
import { applicationResponseSchema, offerReplySchema, teamRoleSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import type { MailSettings } from '../outbox/outbox';
import { parseParam } from '../http/params';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { createDecisionsService, noDecisionError } from './decisions.service';
import { createResponsesRepository } from './responses.repository';
import { noResponseError } from './responses.service';

/** The applicant's decision page: the outcome per role after release, and the reply to an offer. */
export function decisionsRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const decisions = createDecisionsService({
    responses: createResponsesRepository(deps.store),
    now: deps.now,
    mail: deps.mail,
  });
  const router = Router();
  const verified = requireIdentity({ verifiedEmail: true });

  const target = (params: Record<string, unknown>) => ({
    responseId: parseParam(applicationResponseSchema.shape.id, params.responseId, noResponseError),
    role: parseParam(teamRoleSchema, params.role, noDecisionError),
  });

  router.get('/responses/:responseId/decisions/:role', verified, async (req, res) => {
    const { responseId, role } = target(req.params);
    res.json(await decisions.get(req.identity!.uid, responseId, role));
  });

  router.post('/responses/:responseId/decisions/:role/reply', verified, async (req, res) => {
    const { responseId, role } = target(req.params);
    const { reply } = parseInput(offerReplySchema, req.body, 'offer reply');
    res.json(await decisions.reply(req.identity!.uid, responseId, role, reply));
  });
  return router;
}
