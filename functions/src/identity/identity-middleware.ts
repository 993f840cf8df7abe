import type { RequestHandler } from 'express';
import { ApiError } from '../http/api-error';
import type { IdentityVerifier, VerifiedIdentity } from './identity-verifier';

declare module 'express-serve-static-core' {
  interface Request {
    identity?: VerifiedIdentity;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._-]+)$/;

/**
 * Verifies the bearer id token when one is sent and records the identity on the request.
 * Routes decide what they need with `requireIdentity`.
 */
export function identityMiddleware(verifier: IdentityVerifier): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      next();
      return;
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) {
      next(new ApiError('unauthenticated', 'Authorization header must be "Bearer <id token>"'));
      return;
    }
    try {
      req.identity = await verifier.verifyIdToken(match[1]);
      next();
    } catch {
      next(new ApiError('unauthenticated', 'Your session is not valid; sign in again'));
    }
  };
}

export function requireIdentity(options: { verifiedEmail: boolean }): RequestHandler {
  return (req, _res, next) => {
    if (!req.identity) {
      next(new ApiError('unauthenticated', 'Sign in to continue'));
    } else if (options.verifiedEmail && !req.identity.emailVerified) {
      next(new ApiError('email-not-verified', 'Verify your email address to continue'));
    } else {
      next();
    }
  };
}
