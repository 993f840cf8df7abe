import { Router } from 'express';
import { AUTH_MESSAGES, profileUpdateSchema, registrationSchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';

/** Sign-up and profile changes: the calls that touch the identity account and the user record together. */
export function authRoutes(deps: Pick<AppDeps, 'store' | 'accounts'>): Router {
  const users = createUsersService({ users: createUsersRepository(deps.store), accounts: deps.accounts });
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    const input = parseInput(registrationSchema, req.body, 'registration');
    res.status(201).json(await users.register(input));
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
