import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's logger: its lines carry the request's id, method and path. */
    log: Logger;
  }
}

/**
 * The request's path as the log holds it: the query's parameter names without their values, since a
 * value may be what someone typed (a search by name or email, a cursor holding a name). Ids in the
 * path are not personal data (docs/security.md, "What the logs hold").
 */
export function loggedUrl(originalUrl: string): string {
  const at = originalUrl.indexOf('?');
  if (at < 0) return originalUrl;
  const names = [...new Set(new URLSearchParams(originalUrl.slice(at + 1)).keys())];
  return names.length === 0 ? originalUrl.slice(0, at) : `${originalUrl.slice(0, at)}?${names.join('&')}`;
}

/**
 * One line per API request when its answer is finished (or the client went away first): method,
 * path (`loggedUrl`), status, time and the address rate limits count (after the trusted proxy hops:
 * a deployer checks it here). No headers and no bodies are logged, so neither the id token, the App
 * Check token nor what anyone typed can reach the log. `req.log`, for the routes' own lines, is made only when a route logs: a child
 * logger per request (what pino-http made, with the request serialized) cost about a tenth of a
 * read's time under load.
 */
export function requestLog(logger: Logger): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const reqId = ++lastId;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ reqId, req: { method: req.method, url: loggedUrl(req.originalUrl) } })),
    });
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const line = {
        reqId,
        req: { method: req.method, url: loggedUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        clientIp: req.ip,
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
