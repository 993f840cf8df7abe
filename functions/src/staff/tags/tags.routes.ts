import { Router } from 'express';
import { z } from 'zod/mini';
import { idSchema, rowTagsBodySchema, savedViewBodySchema, TAG_MESSAGES, tagBodySchema } from '@portal/shared/domain';
import type { AppDeps } from '../../app-deps';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { parseParam } from '../../http/params';
import { parseInput } from '../../http/validate';
import { requireSuperReviewer } from '../staff-access';
import { createTagsRepository } from './tags.repository';
import { createTagsService } from './tags.service';

const uuidSchema = z.uuid();

/** Tags of a form's rows and its saved dashboard views: super-reviewers only (docs/staff-api.md). */
export function tagsRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date }): Router {
  const tags = createTagsService({ tags: createTagsRepository(deps.store), now: deps.now });
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);

  const formId = (params: Record<string, unknown>) => parseParam(idSchema, params.formId, noFormError);
  const tagId = (params: Record<string, unknown>) =>
    parseParam(uuidSchema, params.tagId, () => new ApiError('not-found', TAG_MESSAGES.noTag));
  const viewId = (params: Record<string, unknown>) =>
    parseParam(uuidSchema, params.viewId, () => new ApiError('not-found', TAG_MESSAGES.noView));

  router.get('/admin/forms/:formId/tags', ...superOnly, async (req, res) => {
    res.json(await tags.listTags(formId(req.params)));
  });

  router.post('/admin/forms/:formId/tags', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.status(201).json(await tags.createTag(id, req.user!, parseInput(tagBodySchema, req.body, 'tag')));
  });

  router.put('/admin/forms/:formId/tags/:tagId', ...superOnly, async (req, res) => {
    const [id, tag] = [formId(req.params), tagId(req.params)];
    res.json(await tags.updateTag(id, tag, req.user!, parseInput(tagBodySchema, req.body, 'tag')));
  });

  router.delete('/admin/forms/:formId/tags/:tagId', ...superOnly, async (req, res) => {
    const [id, tag] = [formId(req.params), tagId(req.params)];
    res.json(await tags.deleteTag(id, tag, req.user!));
  });

  router.post('/admin/forms/:formId/rows/tags', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.json(await tags.tagRows(id, req.user!, parseInput(rowTagsBodySchema, req.body, 'tagging')));
  });

  router.get('/admin/forms/:formId/views', ...superOnly, async (req, res) => {
    res.json(await tags.listViews(formId(req.params), req.user!));
  });

  router.post('/admin/forms/:formId/views', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.status(201).json(await tags.saveView(id, req.user!, parseInput(savedViewBodySchema, req.body, 'view')));
  });

  router.delete('/admin/forms/:formId/views/:viewId', ...superOnly, async (req, res) => {
    await tags.deleteView(formId(req.params), viewId(req.params), req.user!);
    res.status(204).end();
  });

  return router;
}
