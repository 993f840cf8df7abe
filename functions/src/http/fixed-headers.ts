import type { Request, RequestHandler, Response } from 'express';

/**
 * A middleware that sets the same headers on every answer (helmet with fixed directives), worked
 * out once at start-up and then set in one step. Helmet runs a dozen middlewares in turn on each
 * request, a visible share of `GET /api/health`'s time. Refuses a middleware that does not finish
 * synchronously or reads the request (its headers could then differ between requests).
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const set = new Map<string, string | string[]>();
  const removed: string[] = [];
  let finished = false;
  const probeResponse = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name, typeof value === 'number' ? String(value) : Array.isArray(value) ? [...value] : (value as string));
    },
    removeHeader: (name: string) => removed.push(name),
  };
  const probeRequest = new Proxy(
    {},
    {
      get: (_target, property) => {
        throw new Error(`fixedHeaders: the middleware reads the request (${String(property)})`);
      },
    },
  );
  middleware(probeRequest as Request, probeResponse as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('fixedHeaders: the middleware did not call next synchronously');
  const headers = [...set];
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
