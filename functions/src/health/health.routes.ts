import type { RequestHandler } from 'express';
import type { Health } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';

/**
 * GET /api/health: polled by uptime checks, so it costs little more than Express itself. The app
 * mounts it ahead of the API's middleware stack with only the headers every API answer carries
 * (security headers, no-store, CORS): it reads no body, needs no identity or App Check, is not
 * logged and its path is fixed, so request logging, identity, App Check and body parsing have
 * nothing to do for it.
 */
export function healthHandler(deps: Pick<AppDeps, 'storeName' | 'version'>): RequestHandler {
  return (_req, res) => {
    const body: Health = { status: 'ok', version: deps.version, store: deps.storeName, time: new Date().toISOString() };
    res.json(body);
  };
}
