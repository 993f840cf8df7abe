import { Router } from 'express';
import {
  digestPreferenceBodySchema,
  idSchema,
  REVIEWER_DIGEST_TEXTS,
  sendDigestBodySchema,
  type User,
} from '@portal/shared/domain';
import type { AppDeps } from '../../app-deps';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { parseParam } from '../../http/params';
import { parseInput } from '../../http/validate';
import { requireIdentity } from '../../identity/identity-middleware';
import type { MailSettings } from '../../outbox/outbox';
import { COLLECTIONS } from '../../store/collections';
import { noUserError } from '../../users/preferences.service';
import { createReviewsRepository } from '../reviews.repository';
import { requireSuperReviewer } from '../staff-access';
import { createReviewerDigestService } from './reviewer-digest.service';

/**
 * The reviewer's daily digest (docs/product.md#reviewer-digest): the director's "send now" (super-reviewers
 * only, audited) and a staff member's own switch.
 */
export function reviewerDigestRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const digests = createReviewerDigestService({
    store: deps.store,
    reviews: createReviewsRepository(deps.store),
    now: deps.now,
    mail: deps.mail,
  });
  const router = Router();

  router.post('/admin/forms/:formId/reviewer-digest', ...requireSuperReviewer(deps.store), async (req, res) => {
    const formId = parseParam(idSchema, req.params.formId, noFormError);
    const { staffId } = parseInput(sendDigestBodySchema, req.body, 'digest');
    res.status(201).json(await digests.sendNow(formId, staffId, req.user!));
  });

  router.put('/users/:userId/reviewer-digest', requireIdentity({ verifiedEmail: true }), async (req, res) => {
    const userId = parseParam(idSchema, req.params.userId, noUserError);
    if (userId !== req.identity!.uid) throw new ApiError('forbidden', REVIEWER_DIGEST_TEXTS.notYours);
    const { enabled } = parseInput(digestPreferenceBodySchema, req.body, 'digest');
    const user = await deps.store.get<User>(COLLECTIONS.users, userId);
    if (!user) throw noUserError();
    if (user.role !== 'reviewer' && user.role !== 'super-reviewer') {
      throw new ApiError('forbidden', REVIEWER_DIGEST_TEXTS.notStaff);
    }
    res.json(await digests.setEnabled(userId, enabled));
  });

  return router;
}
