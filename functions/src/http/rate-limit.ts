import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import { registrationSchema, type ApiErrorBody } from '@portal/shared/domain';
import type { DocumentStore } from '../store/document-store';
import { createDocumentRateLimitStore } from './rate-limit-store';

/** At most `limit` requests per client within `windowMs` (a fixed window from the client's first request). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  /** POST /auth/register, per client address; only sign-ups that could create an account count. */
  signUp: RateLimit;
  /** POST /auth/update and /auth/complete together, per signed-in account; calls without one count nowhere. */
  profile: RateLimit;
  /** POST /files/:responseId/:questionId, per signed-in user id (per client IP when not signed in). */
  uploads: RateLimit;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/**
 * Production. Sign-ups count per address, and a campus NAT puts a whole lecture hall behind one:
 * 100 an hour, Firebase Auth's own limit on new accounts from one address, lets an information
 * session sign up together while still stopping a script. Profile changes count per account, so
 * nobody else's calls use them up: 10 in 15 minutes is plenty for a person fixing a typo. Uploads:
 * attaching a few files, with retries (30).
 */
export const PRODUCTION_RATE_LIMITS: RateLimits = {
  signUp: { limit: 100, windowMs: ONE_HOUR },
  profile: { limit: 10, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 30, windowMs: FIFTEEN_MINUTES },
};

/**
 * When AppDeps gives no limits (tests, benches): so generous they never trip, while the
 * middleware (and its headers) still runs. The local server sets its own from the environment.
 */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  signUp: { limit: 10_000, windowMs: FIFTEEN_MINUTES },
  profile: { limit: 10_000, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 10_000, windowMs: FIFTEEN_MINUTES },
};

/** "Too many attempts; try again in 15 minutes": whole minutes, rounded up, at least one. */
export function rateLimitedMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

type Request = Parameters<RequestHandler>[0];

function limiter(
  name: string,
  { limit, windowMs }: RateLimit,
  store: DocumentStore,
  counting: { keyGenerator?: (req: Request) => string; skip?: (req: Request) => boolean } = {},
): RequestHandler {
  return rateLimit({
    limit,
    windowMs,
    store: createDocumentRateLimitStore(store, { prefix: name }),
    // RateLimit + RateLimit-Policy (IETF draft 8) on every counted answer; Retry-After on a 429.
    // e.g. `RateLimit: "profile"; r=9; t=900` and `RateLimit-Policy: "profile"; q=10; w=900`.
    standardHeaders: 'draft-8',
    identifier: name,
    legacyHeaders: false,
    ...counting,
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
 * Sign-ups, per client address. Keying: express-rate-limit's standard key, `req.ip` (an IPv6
 * address counts by its /56). The app trusts exactly the proxy hops in front of it (`trust proxy`
 * = AppDeps.trustedProxyHops): none locally, so `req.ip` is the socket's peer; on Hosting + Cloud
 * Functions the platform's two, so `req.ip` is the address Hosting appended to X-Forwarded-For.
 * Entries a client writes itself sit further left and are never read. Mounted after the JSON body
 * is read: a body that is no registration is refused (400, 415) before reaching the identity
 * provider and is not counted, so junk cannot use up an address's sign-ups. An address already
 * taken (409) is counted: it answers about an account. The counts live in the document store,
 * shared by every instance.
 */
export function signUpRateLimit(limits: RateLimits, store: DocumentStore): RequestHandler {
  return limiter('sign-up', limits.signUp, store, {
    skip: (req) => !registrationSchema.safeParse(req.body).success,
  });
}

/**
 * Profile changes and completion, per signed-in account: whoever shares the address (a campus NAT)
 * spends none of them. A call without a valid identity is refused (401) without touching the
 * account or the provider, so it counts nowhere.
 */
export function profileRateLimit(limits: RateLimits, store: DocumentStore): RequestHandler {
  return limiter('profile', limits.profile, store, {
    keyGenerator: (req) => `user:${req.identity!.uid}`,
    skip: (req) => !req.identity,
  });
}

/** Uploads count per signed-in user (a user cannot escape by changing networks), else per IP. */
export function uploadRateLimit(limits: RateLimits, store: DocumentStore): RequestHandler {
  return limiter('uploads', limits.uploads, store, {
    keyGenerator: (req) => (req.identity ? `user:${req.identity.uid}` : `ip:${ipKeyGenerator(req.ip ?? '')}`),
  });
}
