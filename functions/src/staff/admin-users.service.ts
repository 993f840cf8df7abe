import {
  searchToken,
  STAFF_MESSAGES,
  type Page,
  type StaffMember,
  type User,
  type UserRole,
  type usersQuerySchema,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { AdminUsersRepository } from './admin-users.repository';
import { staffMember } from './dashboard.service';
import type { z } from 'zod';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import type { IdentityAdmin } from '../identity/identity-admin';

/**
 * User management for the super-reviewer (spec section 4: bulk role change and bulk delete, each
 * one batch).
 *
 * The list is one store query: ordered by `sortName`, filtered by role and by the search token
 * (an array-contains on `searchTokens`). Records written before those fields existed are not
 * found by a search (and, on Firestore, not listed when ordered by a field they lack) until their
 * profile is next saved or they are backfilled.
 *
 * The last-super-reviewer rule counts super-reviewers before the batch; two concurrent requests
 * that each demote or delete a different super-reviewer could both pass. The store port has no
 * count inside a transaction, and the window is one admin racing another, so this is accepted.
 */

export type UserQuery = z.output<typeof usersQuerySchema>;

export class AccountsNotDeletedError extends Error {
  constructor(
    readonly deleted: number,
    readonly uids: string[],
    options?: ErrorOptions,
  ) {
    super(`User records were deleted but ${uids.length} identity account(s) were not: ${uids.join(', ')}`, options);
    this.name = 'AccountsNotDeletedError';
  }
}

export function createAdminUsersService(deps: {
  users: AdminUsersRepository;
  accounts: IdentityAdmin;
  now?: () => Date;
}) {
  const { users: repository, accounts } = deps;
  const now = deps.now ?? (() => new Date());

  /** The records for `ids`; a 400 naming each unknown id. */
  async function existingUsers(ids: string[]): Promise<User[]> {
    const found = await repository.getMany(ids);
    const missing = ids.flatMap((id, index) => (found[index] ? [] : [{ id, index }]));
    if (missing.length > 0) {
      throw new ApiError(
        'invalid-request',
        `No user with the ID ${missing.map(({ id }) => id).join(', ')}`,
        missing.map(({ index }) => ({ path: `userIds.${index}`, message: STAFF_MESSAGES.noUser })),
      );
    }
    return found as User[];
  }

  /** 409 unless a super-reviewer remains once `leaving` stop being super-reviewers. */
  async function assertSuperReviewerRemains(leaving: User[]): Promise<void> {
    const supersLeaving = leaving.filter((user) => user.role === 'super-reviewer').length;
    if (supersLeaving === 0) return;
    const supers = await repository.countWithRole('super-reviewer');
    if (supers - supersLeaving < 1) throw new ApiError('conflict', STAFF_MESSAGES.lastSuperReviewer);
  }

  return {
    async list(query: UserQuery): Promise<Page<StaffMember>> {
      const page = await repository.page({
        role: query.role,
        token: query.search === undefined ? '' : searchToken(query.search),
        cursor: query.cursor,
        limit: query.limit,
      });
      return { ...page, items: page.items.map(staffMember) };
    },

    /**
     * One batch: the role updates and an audit entry per user whose role changes. (With the entries,
     * a bulk change of more than 250 users exceeds Firestore's 500 writes per batch and is refused whole.)
     */
    async setRole(ids: string[], role: UserRole, actor: AuditActor): Promise<{ updated: number }> {
      const users = await existingUsers(ids);
      if (role !== 'super-reviewer') await assertSuperReviewerRemains(users);
      const at = now().toISOString();
      // Only the role changes: preferences stay, so a reviewer demoted and promoted again keeps them.
      await repository.setRole(
        ids,
        role,
        users
          .filter((user) => user.role !== role)
          .map((user) =>
            auditEntry({
              actor,
              action: 'user.role-changed',
              target: { collection: COLLECTIONS.users, id: user.id },
              before: { role: user.role },
              after: { role },
              at,
            }),
          ),
      );
      return { updated: ids.length };
    },

    /**
     * Deletes the user records in one batch, then their identity accounts. Records go first: if
     * the accounts went first and the batch then failed, users would keep records they can no
     * longer sign in to, with nothing left to retry from. This way a failure after the batch
     * leaves only accounts without a record, which have no access to anything (every route
     * reads the role from the record); `AccountsNotDeletedError` names them so they can be
     * removed by hand, and the caller answers 500 rather than a success.
     */
    async deleteUsers(ids: string[], actor: AuditActor): Promise<{ deleted: number }> {
      const users = await existingUsers(ids);
      await assertSuperReviewerRemains(users);
      const at = now().toISOString();
      // The same batch records each deleted record (the entry keeps it: it is the only copy left).
      await repository.deleteRecords(
        ids,
        users.map((user) =>
          auditEntry({
            actor,
            action: 'user.deleted',
            target: { collection: COLLECTIONS.users, id: user.id },
            before: user,
            after: null,
            at,
          }),
        ),
      );
      let failed: string[];
      try {
        ({ failed } = await accounts.deleteAccounts(ids));
      } catch (error) {
        throw new AccountsNotDeletedError(ids.length, ids, { cause: error });
      }
      if (failed.length > 0) throw new AccountsNotDeletedError(ids.length, failed);
      return { deleted: ids.length };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
