import { Router } from 'express';
import { idSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { noFormError } from '../forms/forms.service';
import { parseParam } from '../http/params';
import type { MailSettings } from '../outbox/outbox';
import { requireSuperReviewer } from '../staff/staff-access';
import { createRetentionRepository } from './retention.repository';
import { createRetentionService } from './retention.service';

/**
 * For super-reviewers: a form's data retention (docs/product.md#data-retention) and its dry run,
 * what an erasure now would remove, writing nothing. The days are set with the form (the builder's
 * Form tab); the scheduler erases.
 */
export function retentionRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const router = Router();
  const retention = createRetentionService({ retention: createRetentionRepository(deps.store), ...deps });

  router.get('/admin/forms/:formId/retention', ...requireSuperReviewer(deps.store), async (req, res) => {
    res.json(await retention.dryRun(parseParam(idSchema, req.params.formId, noFormError)));
  });
  return router;
}
