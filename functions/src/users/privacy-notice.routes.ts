import { Router } from 'express';
import { privacyNoticeAcceptanceSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import type { MailSettings } from '../outbox/outbox';
import { privacyNoticeOf, type PrivacyNoticeSettings } from './privacy-notice';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';

/**
 * The privacy notice (docs/product.md#privacy-notice): anyone reads the one in force (the sign-up
 * page shows it before there is an account); a signed-in user accepts it again once its version
 * has changed.
 */
export function privacyNoticeRoutes(
  deps: Pick<AppDeps, 'store' | 'accounts'> & {
    privacyNotice: PrivacyNoticeSettings;
    mail: MailSettings;
    now: () => Date;
  },
): Router {
  const users = createUsersService({
    users: createUsersRepository(deps.store),
    accounts: deps.accounts,
    privacyNotice: deps.privacyNotice,
    now: deps.now,
  });
  const notice = privacyNoticeOf(deps.privacyNotice, deps.mail.chapterName);
  const router = Router();

  router.get('/privacy-notice', (_req, res) => {
    res.json(notice);
  });

  router.post('/auth/privacy-notice', requireIdentity({ verifiedEmail: true }), async (req, res) => {
    const { version } = parseInput(privacyNoticeAcceptanceSchema, req.body, 'privacy notice acceptance');
    res.json(await users.acceptPrivacyNotice(req.identity!.uid, version));
  });
  return router;
}
