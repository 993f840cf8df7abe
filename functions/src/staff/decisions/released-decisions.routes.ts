import { Router } from 'express';
import { z } from 'zod/mini';
import { decisionBodySchema, idSchema, offerDeadlineBodySchema, teamRoleSchema } from '@portal/shared/domain';
import type { AppDeps } from '../../app-deps';
import type { MailSettings } from '../../outbox/outbox';
import { noFormError } from '../../forms/forms.service';
import { parseParam } from '../../http/params';
import { parseInput } from '../../http/validate';
import { composeStaff } from '../compose-staff';
import { requireSuperReviewer } from '../staff-access';
import { noRowError } from '../staff-errors';

/** After release: a super-reviewer's change of a released decision, and the form's offer deadline. */
export function releasedDecisionsRoutes(
  deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings },
): Router {
  const { released } = composeStaff(deps);
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);

  router.put('/admin/rows/:responseId/:role/released-decision', ...superOnly, async (req, res) => {
    const responseId = parseParam(z.uuid(), req.params.responseId, noRowError);
    const role = parseParam(teamRoleSchema, req.params.role, noRowError);
    const { decision } = parseInput(decisionBodySchema, req.body, 'decision');
    res.json(await released.change(responseId, role, decision, req.user!));
  });

  router.put('/admin/forms/:formId/offer-deadline', ...superOnly, async (req, res) => {
    const formId = parseParam(idSchema, req.params.formId, noFormError);
    const { offerReplyDays } = parseInput(offerDeadlineBodySchema, req.body, 'offer deadline');
    res.json(await released.setOfferReplyDays(formId, offerReplyDays, req.user!));
  });

  router.delete('/admin/forms/:formId/offer-deadline', ...superOnly, async (req, res) => {
    const formId = parseParam(idSchema, req.params.formId, noFormError);
    res.json(await released.setOfferReplyDays(formId, null, req.user!));
  });
  return router;
}
