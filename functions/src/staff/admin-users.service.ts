import {
  isStaffRole,
  searchToken,
  STAFF_MESSAGES,
  type OpenAssignmentAction,
  type Page,
  type StaffMember,
  type UploadedFile,
  type User,
  type UserImpact,
  type UserRole,
  type usersQuerySchema,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { AdminUsersRepository } from './admin-users.repository';
import { staffMember } from './dashboard.service';
import type { z } from 'zod/mini';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { FileStore } from '../files/file-store';
import { storagePath } from '../files/files.service';
import { conflictsWith } from './conflicts';
import { moveOpenAssignments } from './open-assignments';
import type { ReviewsRepository } from './reviews.repository';
import { eraseInTransaction, isOpen, userImpact } from './user-erasure';

/**
 * User management for the super-reviewer (docs/product.md#user-management: bulk role change and bulk delete, each
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
  reviews: ReviewsRepository;
  accounts: IdentityAdmin;
  files: FileStore;
  now?: () => Date;
}) {
  const { users: repository, reviews, accounts, files } = deps;
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

    /** Per user: what deleting them removes and what a role change affects (changes nothing). */
    async impact(ids: string[]): Promise<UserImpact[]> {
      const users = await existingUsers(ids);
      return Promise.all(users.map(async (user) => userImpact(user, await repository.footprint(user.id))));
    },

    /**
     * The role updates with an audit entry per user whose role changes. Staff demoted to applicant
     * must not leave open reviews or interviews behind: when they have some, `openAssignments`
     * says whether to reassign or unassign them (409 listing them otherwise), and the moves share
     * one transaction with the role change. Without moves, one batch. (With the entries, a bulk
     * change of more than 250 users exceeds Firestore's 500 writes per batch and is refused whole.)
     */
    async setRole(
      ids: string[],
      role: UserRole,
      actor: AuditActor,
      action?: OpenAssignmentAction,
    ): Promise<{ updated: number; reassigned: number; unassigned: number }> {
      const users = await existingUsers(ids);
      if (role !== 'super-reviewer') await assertSuperReviewerRemains(users);
      const at = now().toISOString();
      const changing = users.filter((user) => user.role !== role);
      // Only the role changes: preferences stay, so a reviewer demoted and promoted again keeps them.
      const entries = changing.map((user) =>
        auditEntry({
          actor,
          action: 'user.role-changed',
          target: { collection: COLLECTIONS.users, id: user.id },
          before: { role: user.role },
          after: { role },
          at,
        }),
      );
      const leaving = isStaffRole(role) ? [] : changing.filter((user) => isStaffRole(user.role));
      const footprints = await Promise.all(leaving.map((user) => repository.footprint(user.id)));
      const open = footprints.flatMap((footprint) => footprint.assessmentsBy.filter(isOpen));
      if (open.length === 0) {
        await repository.setRole(ids, role, entries);
        return { updated: ids.length, reassigned: 0, unassigned: 0 };
      }
      if (!action) {
        throw new ApiError(
          'conflict',
          STAFF_MESSAGES.openAssignments(open.length),
          leaving.map((user, index) => userImpact(user, footprints[index]!)),
        );
      }
      const leavingIds = new Set(leaving.map((user) => user.id));
      const staff = (await reviews.listStaff()).filter((user) => !leavingIds.has(user.id));
      const formIds = [...new Set(open.map((each) => each.applicationFormId))];
      const loads = (await Promise.all(formIds.map((formId) => reviews.loadsOf(formId)))).flat();
      const conflicted = conflictsWith(await reviews.conflicts());
      const moved = await repository.transaction(async (tx) => {
        const result = await moveOpenAssignments(tx, { open, action, staff, loads, conflicted, actor, at });
        for (const id of ids) tx.setRole(id, role);
        for (const entry of entries) tx.record(entry);
        return result;
      });
      return { updated: ids.length, ...moved };
    },

    /**
     * Deletes each user with everything of theirs (see user-erasure.ts): one transaction per user,
     * holding its audit entries; then the files' bytes and the identity accounts. Records go
     * first: if the accounts went first and a transaction then failed, users would keep records
     * they can no longer sign in to, with nothing left to retry from. This way a failure after
     * the transactions leaves only accounts without a record, which have no access to anything
     * (every route reads the role from the record); `AccountsNotDeletedError` names them so they
     * can be removed by hand, and the caller answers 500 rather than a success. A file whose
     * bytes cannot be deleted has no record left, so it can no longer be downloaded.
     */
    async deleteUsers(ids: string[], actor: AuditActor): Promise<{ deleted: number }> {
      const users = await existingUsers(ids);
      await assertSuperReviewerRemains(users);
      const at = now().toISOString();
      const uploaded: UploadedFile[] = [];
      for (const user of users) {
        const footprint = await repository.footprint(user.id);
        await repository.transaction((tx) => eraseInTransaction(tx, { user, footprint, actor, at }));
        uploaded.push(...footprint.files);
      }
      await Promise.allSettled(uploaded.map((file) => files.delete(storagePath(file))));
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
