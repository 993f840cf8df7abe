import { Router } from 'express';
import { AUTH_MESSAGES, profileCompletionSchema, profileUpdateSchema, registrationSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/api-error';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import type { PrivacyNoticeSettings } from './privacy-notice';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';

/**
 * Sign-up and profile changes: the calls that touch the identity account and the user record
 * together. Sign-up and profile completion record the privacy notice accepted, which must be
 * `privacyNotice`, the one in force.
 */
export function authRoutes(
  deps: Pick<AppDeps, 'store' | 'accounts'> & { privacyNotice: PrivacyNoticeSettings; now: () => Date },
): Router {
  const users = createUsersService({
    users: createUsersRepository(deps.store),
    accounts: deps.accounts,
    privacyNotice: deps.privacyNotice,
    now: deps.now,
  });
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    const input = parseInput(registrationSchema, req.body, 'registration');
    res.status(201).json(await users.register(input));
  });

  // An identity created outside the API (a direct sign-up at the provider) that has proven its
  // address gets its user record here; the squatter of someone else's address cannot prove it.
  router.post('/auth/complete', requireIdentity({ verifiedEmail: true }), async (req, res) => {
    const input = parseInput(profileCompletionSchema, req.body, 'profile');
    const { uid, email } = req.identity!;
    if (!email) throw new ApiError('invalid-request', 'This sign-in has no email address');
    res.status(201).json(await users.completeProfile({ uid, email }, input));
  });

  router.post(
    '/auth/update',
    requireIdentity({ verifiedEmail: false, unauthenticatedMessage: AUTH_MESSAGES.profileUnauthenticated }),
    async (req, res) => {
      const input = parseInput(profileUpdateSchema, req.body, 'profile update');
      res.json(await users.updateProfile(req.identity!.uid, input));
    },
  );
  return router;
}
