import { Router } from 'express';
import {
  applicationResponseSchema,
  saveResponseBodySchema,
  startApplicationBodySchema,
  submitResponseBodySchema,
} from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import type { MailSettings } from '../outbox/outbox';
import { parseParam } from '../http/params';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { createResponsesRepository } from './responses.repository';
import { createResponsesService, noResponseError } from './responses.service';
import { deleteUnusedFiles } from '../files/unused-files';

const responseIdSchema = applicationResponseSchema.shape.id;

/** An applicant's own responses: start, read, save (autosave) and submit. */
export function responsesRoutes(
  deps: Pick<AppDeps, 'store' | 'files'> & { now: () => Date; mail: MailSettings },
): Router {
  const responses = createResponsesService({
    responses: createResponsesRepository(deps.store),
    now: deps.now,
    mail: deps.mail,
  });
  const router = Router();
  const verified = requireIdentity({ verifiedEmail: true });

  router.post('/responses', verified, async (req, res) => {
    const { formId } = parseInput(startApplicationBodySchema, req.body, 'application start');
    const { response, created } = await responses.start(req.identity!.uid, formId);
    res.status(created ? 201 : 200).json(response);
  });

  router.get('/responses/mine', verified, async (req, res) => {
    res.json({ items: await responses.listMine(req.identity!.uid) });
  });

  router.get('/responses/:responseId', verified, async (req, res) => {
    const responseId = parseParam(responseIdSchema, req.params.responseId, noResponseError);
    res.json(await responses.getOwn(req.identity!.uid, responseId));
  });

  router.put('/application/save/:responseId', verified, async (req, res) => {
    const responseId = parseParam(responseIdSchema, req.params.responseId, noResponseError);
    const body = parseInput(saveResponseBodySchema, req.body, 'application');
    res.json(await responses.save(req.identity!.uid, responseId, body));
  });

  router.post('/application/submit', verified, async (req, res) => {
    const body = parseInput(submitResponseBodySchema, req.body, 'application');
    const submitted = await responses.submit(req.identity!.uid, body, {
      onIndexError: (error) =>
        req.log.warn({ err: error, responseId: body.id }, 'submit: search postings left to the scheduler'),
    });
    // The submit stands whatever happens here: files left over are deleted by a retried submit.
    await deleteUnusedFiles(deps, submitted).catch((error: unknown) =>
      req.log.warn({ err: error, responseId: submitted.id }, 'submit: unused files could not be deleted'),
    );
    res.json(submitted);
  });
  return router;
}
