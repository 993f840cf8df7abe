import { Router } from 'express';
import { z } from 'zod/mini';
import { NOTE_MESSAGES, noteBodySchema, noteEditBodySchema } from '@portal/shared/domain';
import type { AppDeps } from '../../app-deps';
import { ApiError } from '../../http/api-error';
import { parseParam } from '../../http/params';
import { parseInput } from '../../http/validate';
import type { MailSettings } from '../../outbox/outbox';
import { noResponseError } from '../../responses/responses.service';
import { requireStaff } from '../staff-access';
import { createNotesRepository } from './notes.repository';
import { createNotesService } from './notes.service';

const uuidSchema = z.uuid();

/** Notes on an application: read and written by the staff who may see it (docs/staff-api.md). */
export function notesRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const notes = createNotesService({ notes: createNotesRepository(deps.store), now: deps.now, mail: deps.mail });
  const router = Router();
  const staff = requireStaff(deps.store);

  const responseId = (params: Record<string, unknown>) => parseParam(uuidSchema, params.responseId, noResponseError);
  const noteId = (params: Record<string, unknown>) =>
    parseParam(uuidSchema, params.noteId, () => new ApiError('not-found', NOTE_MESSAGES.noNote));

  router.get('/admin/responses/:responseId/notes', ...staff, async (req, res) => {
    res.json(await notes.list(responseId(req.params), req.user!));
  });

  router.post('/admin/responses/:responseId/notes', ...staff, async (req, res) => {
    const id = responseId(req.params);
    const body = parseInput(noteBodySchema, req.body, 'note');
    res.status(201).json(await notes.create(id, req.user!, body));
  });

  router.put('/admin/responses/:responseId/notes/:noteId', ...staff, async (req, res) => {
    const [id, note] = [responseId(req.params), noteId(req.params)];
    const { text } = parseInput(noteEditBodySchema, req.body, 'note');
    res.json(await notes.edit(id, note, req.user!, text));
  });

  router.delete('/admin/responses/:responseId/notes/:noteId', ...staff, async (req, res) => {
    await notes.remove(responseId(req.params), noteId(req.params), req.user!);
    res.status(204).end();
  });

  return router;
}
