import { Router, type Request } from 'express';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionBodySchema, type User } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/api-error';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { createAdminUsersRepository } from '../staff/admin-users.repository';
import { AccountsNotDeletedError, createAdminUsersService } from '../staff/admin-users.service';
import { createReviewsRepository } from '../staff/reviews.repository';
import { COLLECTIONS } from '../store/collections';
import { createJobsRepository } from '../jobs/jobs.repository';

/**
 * An applicant deleting their own account (docs/product.md#deleting-your-account): what it would
 * remove, and the deletion itself, the erasure a super-reviewer's deletion makes, anonymous. Staff
 * are answered 403: a super-reviewer deletes them.
 */
export function accountDeletionRoutes(
  deps: Pick<AppDeps, 'store' | 'accounts' | 'files'> & { now: () => Date },
): Router {
  const users = createAdminUsersService({
    ...deps,
    users: createAdminUsersRepository(deps.store),
    reviews: createReviewsRepository(deps.store),
    jobs: createJobsRepository(deps.store),
  });
  const router = Router();
  const verified = requireIdentity({ verifiedEmail: true });

  /** The caller's record, read on every request; an applicant's only. */
  async function applicant(req: Request): Promise<User> {
    const user = await deps.store.get<User>(COLLECTIONS.users, req.identity!.uid);
    if (!user) throw new ApiError('not-found', ACCOUNT_DELETION_MESSAGES.noRecord);
    if (user.role !== 'applicant') throw new ApiError('forbidden', ACCOUNT_DELETION_MESSAGES.staff);
    return user;
  }

  router.get('/auth/deletion', verified, async (req, res) => {
    res.json(await users.ownAccountPreview(await applicant(req)));
  });

  router.post('/auth/delete', verified, async (req, res) => {
    const { confirmation } = parseInput(accountDeletionBodySchema, req.body, 'account deletion');
    const user = await applicant(req);
    try {
      res.json(await users.deleteOwnAccount(user, confirmation));
    } catch (error) {
      if (!(error instanceof AccountsNotDeletedError)) throw error;
      // Their records are gone (nothing is reachable with the account); the provider's account is left.
      req.log.error({ err: error, accountsNotDeleted: error.uids }, 'identity account left after an own deletion');
      throw new ApiError('internal', 'Your data was deleted, but your sign-in account could not be; try again later');
    }
  });
  return router;
}
