import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's logger: its lines carry the request's id, method and path. */
    log: Logger;
  }
}

/**
 * One line per API request when its answer is finished (or the client went away first): method,
 * path, status, time and the address rate limits count (after the trusted proxy hops: a deployer
 * checks it here). No headers are logged, so neither the id token nor the App Check token can
 * reach the log. `req.log`, for the routes' own lines, is made only when a route logs: a child
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
      get: () => (child ??= logger.child({ reqId, req: { method: req.method, url: req.originalUrl } })),
    });
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const line = {
        reqId,
        req: { method: req.method, url: req.originalUrl },
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
