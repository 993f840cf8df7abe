import type { RequestHandler } from 'express';
import { ApiError } from './api-error';

/** The header the clients send (`APP_CHECK_HEADER` of @portal/shared/client). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
export const APP_CHECK_FAILED_MESSAGE = 'This app could not be verified; reload the page and try again';

/** Verifies an App Check token; rejects when it is not valid. */
export interface AppCheckVerifier {
  verifyToken(token: string): Promise<{ appId: string }>;
}

/** Tokens are JWTs of a few hundred bytes; anything far longer is refused without verifying. */
const MAX_TOKEN_LENGTH = 4096;

/**
 * With a verifier, every request but GET /health must carry a valid App Check token; without one
 * (local mode and tests: there is no attestation service offline) every request passes.
 */
export function appCheckMiddleware(verifier: AppCheckVerifier | null): RequestHandler {
  if (!verifier) return (_req, _res, next) => next();
  return (req, _res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.path === '/health') {
      next();
      return;
    }
    const token = req.get(APP_CHECK_HEADER);
    const refuse = (reason: string, error?: unknown) => {
      req.log?.warn({ reason, err: error }, 'App Check refused the request');
      next(new ApiError('app-check-failed', APP_CHECK_FAILED_MESSAGE));
    };
    if (!token) {
      refuse('missing token');
      return;
    }
    if (token.length > MAX_TOKEN_LENGTH) {
      refuse('token too long');
      return;
    }
    verifier.verifyToken(token).then(
      () => next(),
      (error: unknown) => refuse('invalid token', error),
    );
  };
}
