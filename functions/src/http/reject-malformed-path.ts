import type { RequestHandler } from 'express';
import { ApiError } from './api-error';

export const MALFORMED_PATH_MESSAGE = 'The address is not valid: it has a malformed percent-encoding';

/**
 * A path no decoder accepts (`%E0%A4%A`, `%ZZ`) names nothing: it is refused with 400 before
 * identity, App Check or routing look at it, instead of failing later as a server error.
 */
export const rejectMalformedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    next(new ApiError('invalid-request', MALFORMED_PATH_MESSAGE));
    return;
  }
  next();
};
