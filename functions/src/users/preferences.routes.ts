import { Router } from 'express';
import { idSchema, rolePreferencesBodySchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { parseParam } from '../http/params';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { assertMaySetPreferences, noUserError, setRolePreferences } from './preferences.service';

/** PUT /users/{userId}/preferences: a reviewer's role preferences, set by them or a super-reviewer. */
export function preferencesRoutes(deps: Pick<AppDeps, 'store'>): Router {
  const router = Router();
  router.put('/users/:userId/preferences', requireIdentity({ verifiedEmail: true }), async (req, res) => {
    const userId = parseParam(idSchema, req.params.userId, noUserError);
    await assertMaySetPreferences(deps.store, req.identity!.uid, userId);
    const { roles } = parseInput(rolePreferencesBodySchema, req.body, 'role preferences');
    res.json(await setRolePreferences(deps.store, { userId, roles }));
  });
  return router;
}
