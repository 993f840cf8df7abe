import { Router } from 'express';
import { idSchema, releaseScheduleBodySchema, type ReleaseScheduleAnswer } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { noFormError } from '../forms/forms.service';
import { parseParam } from '../http/params';
import { parseInput } from '../http/validate';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { requireSuperReviewer } from '../staff/staff-access';
import { createScheduler } from './scheduler';

/**
 * For super-reviewers: the release's dry run (the guard now, the messages per kind) and its
 * schedule (read, set or move, cancel), each change audited.
 */
export function releaseScheduleRoutes(deps: Pick<AppDeps, 'store' | 'mail'> & { now: () => Date }): Router {
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);
  const { schedules, decisions } = createScheduler({
    store: deps.store,
    now: deps.now,
    mail: deps.mail ?? DEFAULT_MAIL_SETTINGS,
  });
  const formId = (params: Record<string, unknown>) => parseParam(idSchema, params.formId, noFormError);

  router.get('/admin/forms/:formId/release/dry-run', ...superOnly, async (req, res) => {
    res.json(await decisions.dryRun(formId(req.params)));
  });

  router.get('/admin/forms/:formId/release/schedule', ...superOnly, async (req, res) => {
    const answer: ReleaseScheduleAnswer = { schedule: await schedules.get(formId(req.params)) };
    res.json(answer);
  });

  router.put('/admin/forms/:formId/release/schedule', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(releaseScheduleBodySchema, req.body, 'release schedule');
    const answer: ReleaseScheduleAnswer = { schedule: await schedules.schedule(id, body.at, req.user!) };
    res.json(answer);
  });

  router.delete('/admin/forms/:formId/release/schedule', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    await schedules.cancel(id, req.user!);
    res.status(204).end();
  });

  return router;
}
