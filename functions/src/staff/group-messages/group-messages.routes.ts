import { Router } from 'express';
import { groupMessageBodySchema, idSchema } from '@portal/shared/domain';
import type { AppDeps } from '../../app-deps';
import { noFormError } from '../../forms/forms.service';
import { parseParam } from '../../http/params';
import { parseInput } from '../../http/validate';
import type { MailSettings } from '../../outbox/outbox';
import { createReviewsRepository } from '../reviews.repository';
import { requireSuperReviewer } from '../staff-access';
import { createGroupMessagesService } from './group-messages.service';

/** A message to a group of a form's applicants: super-reviewers only (docs/staff-api.md). */
export function groupMessagesRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const messages = createGroupMessagesService({
    reviews: createReviewsRepository(deps.store),
    store: deps.store,
    now: deps.now,
    mail: deps.mail,
  });
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);
  const formId = (params: Record<string, unknown>) => parseParam(idSchema, params.formId, noFormError);

  router.post('/admin/forms/:formId/group-message/preview', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.json(await messages.preview(id, parseInput(groupMessageBodySchema, req.body, 'message')));
  });

  router.post('/admin/forms/:formId/group-message', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(groupMessageBodySchema, req.body, 'message');
    res.status(201).json(await messages.send(id, req.user!, body));
  });

  return router;
}
