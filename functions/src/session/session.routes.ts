import { Router } from 'express';
import { userView } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { callerRecord, requireIdentity } from '../identity/identity-middleware';

/**
 * Who the caller is: their verified identity and, once registered, their user record; and the
 * version of the privacy notice in force, which the shell asks them to accept when their record
 * names another (docs/product.md#privacy-notice).
 */
export function sessionRoutes(deps: Pick<AppDeps, 'store'> & { privacyNoticeVersion: string }): Router {
  const router = Router();
  router.get('/session', requireIdentity({ verifiedEmail: false }), async (req, res) => {
    const identity = req.identity!;
    const user = await callerRecord(req, deps.store);
    res.json({ identity, user: user && userView(user), privacyNoticeVersion: deps.privacyNoticeVersion });
  });
  return router;
}
