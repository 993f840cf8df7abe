import { Router } from 'express';
import { dueDateBodySchema, idSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../outbox/outbox';
import { askToChooseRolesAgain } from '../users/choose-roles-again';
import { parseParam } from '../http/params';
import { emptyBodySchema, parseInput } from '../http/validate';
import { noFormError } from '../forms/forms.service';
import { createAdminFormsRepository } from './admin-forms.repository';
import { createAdminFormsService } from './admin-forms.service';
import { requireSuperReviewer } from './staff-access';
import { createRetentionRepository } from '../retention/retention.repository';
import { createRetentionService } from '../retention/retention.service';

/** The super-reviewer's forms: publish a definition, list them with progress, activate, move the due date. */
export function adminFormsRoutes(
  deps: Pick<AppDeps, 'store' | 'accounts'> & { now: () => Date; mail?: MailSettings },
): Router {
  const retention = createRetentionService({
    retention: createRetentionRepository(deps.store),
    now: deps.now,
    mail: deps.mail ?? DEFAULT_MAIL_SETTINGS,
  });
  const forms = createAdminFormsService({
    forms: createAdminFormsRepository(deps.store),
    now: deps.now,
    retentionChanged: (formId) => retention.reconsider(formId),
  });
  const superReviewer = requireSuperReviewer(deps.store);
  const router = Router();

  router.post('/application/forms', ...superReviewer, async (req, res) => {
    res.status(201).json(await forms.publish(req.body, req.user!));
  });

  router.get('/admin/forms', ...superReviewer, async (_req, res) => {
    res.json(await forms.list());
  });

  router.get('/admin/forms/:formId/activation', ...superReviewer, async (req, res) => {
    res.json(await forms.activation(parseParam(idSchema, req.params.formId, noFormError)));
  });

  router.post('/admin/forms/:formId/activate', ...superReviewer, async (req, res) => {
    const formId = parseParam(idSchema, req.params.formId, noFormError);
    parseInput(emptyBodySchema, req.body ?? {}, 'activation');
    const active = await forms.activate(formId, req.user!);
    // Reviewers whose roles were chosen among another form's are asked to choose again (once per form).
    await askToChooseRolesAgain({ store: deps.store, mail: deps.mail ?? DEFAULT_MAIL_SETTINGS, now: deps.now }, active);
    res.json(active);
  });

  router.put('/admin/forms/:formId/due-date', ...superReviewer, async (req, res) => {
    const formId = parseParam(idSchema, req.params.formId, noFormError);
    const { dueDate } = parseInput(dueDateBodySchema, req.body, 'due date');
    res.json(await forms.setDueDate(formId, dueDate, req.user!));
  });
  return router;
}
