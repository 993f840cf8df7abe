import { Router } from 'express';
import { idSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { parseParam } from '../http/params';
import { requireIdentity } from '../identity/identity-middleware';
import { createFormsRepository } from './forms.repository';
import { createFormsService, noFormError } from './forms.service';

export function formsRoutes(deps: Pick<AppDeps, 'store'>): Router {
  const forms = createFormsService({ forms: createFormsRepository(deps.store) });
  const router = Router();
  const verified = requireIdentity({ verifiedEmail: true });

  router.get('/forms/active', verified, async (req, res) => {
    res.json(await forms.getActive(req.identity!.uid));
  });

  router.get('/forms/:formId', verified, async (req, res) => {
    res.json(await forms.get(parseParam(idSchema, req.params.formId, noFormError), req.identity!.uid));
  });
  return router;
}
