import { pipeline } from 'node:stream/promises';
import express, { Router, type Request, type RequestHandler } from 'express';
import { DEFAULT_MAX_UPLOAD_BYTES, FILE_MESSAGES } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/api-error';
import { requireIdentity } from '../identity/identity-middleware';
import { createFilesRepository } from './files.repository';
import { createFilesService } from './files.service';

/** Bodies beyond this are cut off while reading; each question's own limit is checked after. */
export const MAX_UPLOAD_BODY_BYTES = DEFAULT_MAX_UPLOAD_BYTES + 64 * 1024;

const parseRaw = express.raw({ type: () => true, limit: MAX_UPLOAD_BODY_BYTES, inflate: false });

const rawBody: RequestHandler = (req, res, next) => {
  parseRaw(req, res, (error?: unknown) => {
    const tooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
    next(tooLarge ? ApiError.because('file-too-large', FILE_MESSAGES.tooLarge(DEFAULT_MAX_UPLOAD_BYTES)) : error);
  });
};

/**
 * The upload's bytes. On Cloud Functions the platform has already read the body (as a Buffer, or
 * parsed for JSON and text types, keeping the bytes in `rawBody`), so our parser finds nothing to read.
 */
function bodyBytes(req: Request): Buffer {
  if (Buffer.isBuffer(req.body)) return req.body;
  const { rawBody } = req as Request & { rawBody?: unknown };
  return Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0);
}

/** Route parameters as single strings (Express types them as lists too, for wildcards). */
function param(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves alone but the RFC does not. */
function encodeHeaderValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Uploads take the raw file as the body, so this router is mounted before the JSON-only body
 * middleware of the API.
 */
export function filesRoutes(deps: Pick<AppDeps, 'store' | 'files' | 'now'>): Router {
  const files = createFilesService({ files: createFilesRepository(deps.store), storage: deps.files, now: deps.now });
  const router = Router();
  const verified = requireIdentity({ verifiedEmail: true });

  router.post('/files/:responseId/:questionId', verified, rawBody, async (req, res) => {
    const uploaded = await files.upload({
      uid: req.identity!.uid,
      responseId: param(req.params.responseId),
      questionId: param(req.params.questionId),
      contentType: req.get('Content-Type'),
      fileName: req.get('X-File-Name'),
      content: bodyBytes(req),
    });
    res.status(201).json(uploaded);
  });

  router.get('/files/:fileId/meta', verified, async (req, res) => {
    res.json(await files.getMeta(req.identity!.uid, param(req.params.fileId)));
  });

  router.get('/files/:fileId', verified, async (req, res) => {
    const { file, size, content } = await files.open(req.identity!.uid, param(req.params.fileId));
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeHeaderValue(file.name)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(content, res);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
      req.log.info({ fileId: file.id }, 'download aborted by the client');
    }
  });

  return router;
}
