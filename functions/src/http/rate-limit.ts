import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { ApiErrorBody } from '@portal/shared/domain';
import type { DocumentStore } from '../store/document-store';
import { createDocumentRateLimitStore } from './rate-limit-store';

/** At most `limit` requests per client within `windowMs` (a fixed window from the client's first request). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  /** POST /auth/register and POST /auth/update, per client IP. */
  auth: RateLimit;
  /** POST /files/:responseId/:questionId, per signed-in user id (per client IP when not signed in). */
  uploads: RateLimit;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Production: strict enough to stop account-creation and password-guessing floods and upload
 * spam, loose enough for a person retrying a typo (10 tries) or attaching a few files (30).
 */
export const PRODUCTION_RATE_LIMITS: RateLimits = {
  auth: { limit: 10, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 30, windowMs: FIFTEEN_MINUTES },
};

/**
 * When AppDeps gives no limits (tests, benches): so generous they never trip, while the
 * middleware (and its headers) still runs. The local server sets its own from the environment.
 */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  auth: { limit: 10_000, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 10_000, windowMs: FIFTEEN_MINUTES },
};

/** "Too many attempts; try again in 15 minutes": whole minutes, rounded up, at least one. */
export function rateLimitedMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function limiter(
  name: string,
  { limit, windowMs }: RateLimit,
  store: DocumentStore,
  keyGenerator?: (req: Parameters<RequestHandler>[0]) => string,
): RequestHandler {
  return rateLimit({
    limit,
    windowMs,
    store: createDocumentRateLimitStore(store, { prefix: name }),
    // RateLimit + RateLimit-Policy (IETF draft 8) on every counted answer; Retry-After on a 429.
    // e.g. `RateLimit: "auth"; r=9; t=900` and `RateLimit-Policy: "auth"; q=10; w=900`.
    standardHeaders: 'draft-8',
    identifier: name,
    legacyHeaders: false,
    ...(keyGenerator ? { keyGenerator } : {}),
    handler: (req, res) => {
      const resetTime = (req as typeof req & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      const retryAfterMs = resetTime ? resetTime.getTime() - Date.now() : windowMs;
      const body: ApiErrorBody = { error: { code: 'rate-limited', message: rateLimitedMessage(retryAfterMs) } };
      res.status(429).json(body);
    },
    validate: {
      // Any client may send X-Forwarded-For; the app reads exactly the hops it trusts (AppDeps.
      // trustedProxyHops) and ignores the rest, so the header is no sign of a misconfiguration.
      xForwardedForHeader: false,
    },
  });
}

/**
 * Keying: express-rate-limit's standard key, `req.ip` (an IPv6 address counts by its /56). The app
 * trusts exactly the proxy hops in front of it (`trust proxy` = AppDeps.trustedProxyHops): none
 * locally, so `req.ip` is the socket's peer; on Hosting + Cloud Functions the platform's two, so
 * `req.ip` is the address Hosting appended to X-Forwarded-For. Entries a client writes itself sit
 * further left and are never read. The counts live in the document store, shared by every instance.
 */
export function authRateLimit(limits: RateLimits, store: DocumentStore): RequestHandler {
  return limiter('auth', limits.auth, store);
}

/** Uploads count per signed-in user (a user cannot escape by changing networks), else per IP. */
export function uploadRateLimit(limits: RateLimits, store: DocumentStore): RequestHandler {
  return limiter('uploads', limits.uploads, store, (req) =>
    req.identity ? `user:${req.identity.uid}` : `ip:${ipKeyGenerator(req.ip ?? '')}`,
  );
}
