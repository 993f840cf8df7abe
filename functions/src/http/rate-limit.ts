import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { ApiErrorBody } from '@portal/shared/domain';

/** At most `limit` requests per client within a sliding `windowMs` (fixed windows, in memory). */
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
  keyGenerator?: (req: Parameters<RequestHandler>[0]) => string,
): RequestHandler {
  return rateLimit({
    limit,
    windowMs,
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
      // The app trusts every proxy hop (`trust proxy` true, see below); the check that warns
      // about that would print on every start, so it is acknowledged here instead.
      trustProxy: false,
    },
  });
}

/**
 * Keying: express-rate-limit's standard key, `req.ip` (an IPv6 address counts by its /56).
 * The app sets `trust proxy` true, so `req.ip` is the left-most X-Forwarded-For address: on
 * Firebase Hosting -> Cloud Functions, Google's front end puts the client's address there (the
 * function never sees the client's socket). A client can prepend its own X-Forwarded-For
 * entries, so the IP key is a speed bump against floods, not an identity; Firebase Auth's own
 * per-IP quotas and App Check (production) sit behind it.
 *
 * The counts live in each instance's memory: with N instances a client can reach N x limit.
 */
export function authRateLimit(limits: RateLimits): RequestHandler {
  return limiter('auth', limits.auth);
}

/** Uploads count per signed-in user (a user cannot escape by changing networks), else per IP. */
export function uploadRateLimit(limits: RateLimits): RequestHandler {
  return limiter('uploads', limits.uploads, (req) =>
    req.identity ? `user:${req.identity.uid}` : `ip:${ipKeyGenerator(req.ip ?? '')}`,
  );
}
