import { Router, type Request, type Response } from 'express';
import {
  usersDeleteBodySchema,
  usersImpactBodySchema,
  usersQuerySchema,
  usersRoleBodySchema,
} from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/api-error';
import { emptyBodySchema, parseInput } from '../http/validate';
import { createAdminUsersRepository } from './admin-users.repository';
import { AccountsNotDeletedError, createAdminUsersService } from './admin-users.service';
import { createReviewsRepository } from './reviews.repository';
import { requireSuperReviewer } from './staff-access';
import { countOf } from '@portal/shared/domain';
import { createJobsRepository } from '../jobs/jobs.repository';

/** The super-reviewer's user management: list and search, what a change would touch, bulk role change, bulk delete. */
export function adminUsersRoutes(deps: Pick<AppDeps, 'store' | 'accounts' | 'files'> & { now: () => Date }): Router {
  const users = createAdminUsersService({
    ...deps,
    users: createAdminUsersRepository(deps.store),
    reviews: createReviewsRepository(deps.store),
    jobs: createJobsRepository(deps.store),
  });
  const superReviewer = requireSuperReviewer(deps.store);
  const router = Router();

  router.get('/admin/users', ...superReviewer, async (req, res) => {
    res.json(await users.list(parseInput(usersQuerySchema, req.query, 'users query')));
  });

  router.post('/admin/users/role', ...superReviewer, async (req, res) => {
    const { userIds, role, openAssignments } = parseInput(usersRoleBodySchema, req.body, 'role change');
    res.json(await users.setRole(userIds, role, req.user!, openAssignments));
  });

  router.post('/admin/users/impact', ...superReviewer, async (req, res) => {
    const { userIds } = parseInput(usersImpactBodySchema, req.body, 'users');
    res.json(await users.impact(userIds));
  });

  router.post('/admin/users/delete', ...superReviewer, async (req, res) => {
    const { userIds } = parseInput(usersDeleteBodySchema, req.body, 'user deletion');
    await answerDeletion(req, res, () => users.deleteUsers(userIds, req.user!));
  });

  router.post('/admin/users/leftovers/delete', ...superReviewer, async (req, res) => {
    parseInput(emptyBodySchema, req.body ?? {}, 'leftovers deletion');
    await answerDeletion(req, res, () => users.removeLeftovers(req.user!));
  });
  return router;
}

/** Answers the deletion's result, or a 500 naming the identity accounts it could not delete. */
async function answerDeletion(req: Request, res: Response, deletion: () => Promise<object>): Promise<void> {
  try {
    res.json(await deletion());
  } catch (error) {
    if (!(error instanceof AccountsNotDeletedError)) throw error;
    req.log.error({ err: error, accountsNotDeleted: error.uids }, 'identity accounts left after deleting users');
    throw new ApiError(
      'internal',
      `${countOf(error.deleted, 'user record')} deleted, but ${countOf(error.uids.length, 'sign-in account')} could not be; they cannot access anything`,
      { deleted: error.deleted, accountsNotDeleted: error.uids },
    );
  }
}
