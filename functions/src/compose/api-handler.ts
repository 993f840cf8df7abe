import type { Request, Response } from 'express';
import * as logger from 'firebase-functions/logger';

type RequestListener = (req: Request, res: Response) => void;

/**
 * Builds the app on the first request (deploying loads the module only to read the function's
 * metadata) and keeps it. A build that throws (a bad param, say) is logged with its reason and
 * answered 500 `internal`; the instance stays up and the next request tries again, so a bad
 * setting never turns into a crash loop.
 */
export function lazyApiHandler(build: () => RequestListener): (req: Request, res: Response) => void {
  let app: RequestListener | undefined;
  return (req, res) => {
    if (!app) {
      try {
        app = build();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.error('The API could not start', { message });
        res
          .status(500)
          .set('Cache-Control', 'no-store')
          .json({ error: { code: 'internal', message: 'Something went wrong on our side' } });
        return;
      }
    }
    app(req, res);
  };
}
