import type { RequestHandler } from 'express';
import { ApiError } from './api-error';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Bodies of JSON routes must be declared as JSON; anything else is a 415, not a silent empty body. */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is('application/json')) {
    next(new ApiError('unsupported-media-type', 'Request body must be application/json'));
    return;
  }
  next();
};
