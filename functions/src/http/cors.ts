import type { RequestHandler } from 'express';
import cors from 'cors';
import { ApiError } from './api-error';

/** What a cross-origin caller may send: the bearer id token, JSON or file bodies, App Check, the file name. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Firebase-AppCheck', 'X-File-Name'];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Exposed so a cross-origin client can read why it was slowed down. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'Content-Disposition'];
const PREFLIGHT_CACHE_SECONDS = 600;

/**
 * CORS for the API: only the listed origins (scheme://host[:port], exactly as the browser sends
 * them) get Access-Control-* answers. No list (local mode, the default) = same-origin only: no
 * CORS headers at all. Credentials are never allowed: the API authenticates with a bearer id
 * token the client attaches itself, not with cookies.
 *
 * A preflight (OPTIONS with Access-Control-Request-Method) from a listed origin is answered
 * here, 204, before App Check and identity (browsers send neither on a preflight). A preflight
 * from any other origin is answered 403 with no Access-Control-* header, so the browser stops.
 */
export function corsMiddleware(allowedOrigins: readonly string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const withCors = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_CACHE_SECONDS,
    optionsSuccessStatus: 204,
  });
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.has(origin)) {
      withCors(req, res, next);
      return;
    }
    const isPreflight =
      req.method === 'OPTIONS' && origin !== undefined && !!req.headers['access-control-request-method'];
    if (isPreflight) {
      next(new ApiError('forbidden', 'This origin may not call the API'));
      return;
    }
    // Same-origin (no Origin header, or an unlisted one on a simple request): answered as usual,
    // without CORS headers, so a browser on another origin cannot read the answer.
    next();
  };
}
