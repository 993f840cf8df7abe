import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_DELETION_WORD,
  INITIAL_RESPONSE_STATUS,
  isStaffRole,
  searchToken,
  type AccountDeletionPreview,
  STAFF_MESSAGES,
  type Assessment,
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
import {
  FootprintChangedError,
  type AdminUsersRepository,
  type UserFootprint,
  type UsersTransaction,
} from './admin-users.repository';
import { staffMember } from './dashboard/dashboard.service';
import type { z } from 'zod/mini';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { FileStore } from '../files/file-store';
import { storagePath } from '../files/files.service';
import { discardFilesExports } from '../exports/files-export-job';
import type { JobsRepository } from '../jobs/jobs.repository';
import { conflictsWith } from './conflicts/conflicts';
import { moveOpenAssignments } from './open-assignments';
import type { ReviewsRepository } from './reviews.repository';
import {
  eraseInTransaction,
  footprintOfForm,
  isOpen,
  moveWorkInTransaction,
  stillToMove,
  userImpact,
  WORK_PER_TRANSACTION,
  type ErasureOptions,
} from './user-erasure';
import { auditAnonymiser, erasedPerson, type ErasedPerson } from './audit-anonymisation';
import type { AuditScope } from './admin-users.repository';
import { countOf } from '@portal/shared/domain';

/**
 * User management for the super-reviewer (docs/product.md#user-management: bulk role change and bulk delete, each
 * one batch).
 *
 * The list is one store query ordered by `sortName` and filtered by role; a search is one
 * array-contains on `searchTokens`, its matches filtered by role, sorted and paged in memory. Records written before those fields existed are not
 * found by a search (and, on Firestore, not listed when ordered by a field they lack) until their
 * profile is next saved or they are backfilled.
 *
 * The last-super-reviewer rule counts super-reviewers before the batch; two concurrent requests
 * that each demote or delete a different super-reviewer could both pass. The store port has no
 * count inside a transaction, and the window is one admin racing another, so this is accepted.
 */

export type UserQuery = z.output<typeof usersQuerySchema>;

/** Reads of a footprint and its transaction, each time on what changed meanwhile, before a 409. */
const FOOTPRINT_ATTEMPTS = 5;
export const USERS_KEPT_CHANGING = "The users' data kept changing while this ran; nothing was changed. Try again.";

export class AccountsNotDeletedError extends Error {
  constructor(
    readonly deleted: number,
    readonly uids: string[],
    options?: ErrorOptions,
  ) {
    super(
      `User records were deleted but ${countOf(uids.length, 'identity account')} could not be: ${uids.join(', ')}`,
      options,
    );
    this.name = 'AccountsNotDeletedError';
  }
}

/** What one erasure leaves to delete outside its transaction: the files' bytes, and the forms they were in. */
interface ErasedFiles {
  files: UploadedFile[];
  formIds: string[];
}

export function createAdminUsersService(deps: {
  users: AdminUsersRepository;
  reviews: Pick<ReviewsRepository, 'conflicts' | 'listStaff' | 'loadsOf' | 'getForm' | 'unindexForSearch'>;
  accounts: IdentityAdmin;
  files: FileStore;
  /** The jobs' store: an erasure discards the ZIP exports that may hold the erased applicants' files. */
  jobs: JobsRepository;
  now?: () => Date;
}) {
  const { users: repository, reviews, accounts, files, jobs } = deps;
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

  /**
   * Runs `work` in a transaction on the users' footprints, read just before it (with what `prepare`
   * reads from them outside the transaction); when a footprint changed meanwhile (FootprintChangedError,
   * checked at the transaction's start), everything is read and run again.
   */
  async function onFootprints<P, R>(
    users: User[],
    prepare: (footprints: UserFootprint[]) => Promise<P>,
    work: (tx: UsersTransaction, footprints: UserFootprint[], prepared: P) => Promise<R>,
  ): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const footprints = await Promise.all(users.map((user) => repository.footprint(user.id)));
      const prepared = await prepare(footprints);
      try {
        return await repository.transaction(async (tx) => {
          for (const [index, user] of users.entries()) await tx.assertFootprint(user.id, footprints[index]!);
          return work(tx, footprints, prepared);
        });
      } catch (error) {
        if (!(error instanceof FootprintChangedError)) throw error;
        if (attempt >= FOOTPRINT_ATTEMPTS) throw new ApiError('conflict', USERS_KEPT_CHANGING);
      }
    }
  }

  /**
   * One user's erasure in its transaction (`eraseInTransaction`), on their footprint as it is then;
   * a reviewer with much work has it moved first, a transaction per WORK_PER_TRANSACTION. Answers the
   * files whose bytes go.
   */
  function eraseOne(user: User, actor: AuditActor, at: string, options: ErasureOptions): Promise<ErasedFiles> {
    return onFootprints(
      [user],
      async ([footprint]) => {
        // Their rows leave the search's postings first (too many for the erasure's commit): should the
        // erasure fail, their rows are not found by a search, rather than their words kept after it.
        const rows = options.formId ? footprintOfForm(footprint!, user.id, options.formId).rows : footprint!.rows;
        await reviews.unindexForSearch(rows);
        const work = options.formId ? [] : footprint!.assessmentsBy.filter(stillToMove);
        if (work.length <= WORK_PER_TRANSACTION) return new Set<string>();
        for (let start = 0; start < work.length; start += WORK_PER_TRANSACTION) {
          const assessments = work.slice(start, start + WORK_PER_TRANSACTION);
          await repository.transaction((tx) => moveWorkInTransaction(tx, { assessments, actor, at }));
        }
        return new Set(work.map((each) => each.id));
      },
      async (tx, [footprint], moved) => {
        const scoped = options.formId
          ? footprintOfForm(footprint!, user.id, options.formId)
          : { ...footprint!, assessmentsBy: footprint!.assessmentsBy.filter((each) => !moved.has(each.id)) };
        await eraseInTransaction(tx, { user, footprint: scoped, actor, at, options });
        const formOf = new Map(scoped.responses.map((response) => [response.id, response.applicationFormId]));
        return {
          files: scoped.files,
          formIds: scoped.files.flatMap((file) => formOf.get(file.responseId) ?? []),
        };
      },
    );
  }

  /**
   * Rewrites every audit entry that names one of `targets` (audit-anonymisation.ts), before their
   * data goes: a failure after it leaves the entries anonymous and the data there, and running the
   * erasure again goes on. Looks in the forms they have data in, and, for a whole account, the
   * entries they made, those aimed at their record or a conflict naming them, and the conflicts
   * declared and withdrawn (one by their email withdrawn since is found there alone). Answers how
   * many entries it rewrote.
   */
  async function anonymiseAudit(targets: { user: User; formId?: string }[]): Promise<number> {
    const persons: ErasedPerson[] = [];
    const scopes = new Map<string, AuditScope>();
    const add = (scope: AuditScope) => scopes.set(JSON.stringify(scope), scope);
    for (const { user, formId } of targets) {
      const footprint = await repository.footprint(user.id);
      const part = formId ? footprintOfForm(footprint, user.id, formId) : footprint;
      persons.push(erasedPerson(user, part, formId));
      if (formId) {
        add({ formId });
        continue;
      }
      const forms = [
        ...footprint.responses.map((each) => each.applicationFormId),
        ...footprint.rows.map((each) => each.applicationFormId),
        ...footprint.bookings.map((each) => each.formId),
      ];
      for (const each of new Set(forms)) add({ formId: each });
      add({ actorId: user.id });
      for (const targetId of new Set([user.id, ...footprint.conflictIds])) add({ targetId });
      // A conflict declared by their email and withdrawn since is in the log alone (there are few).
      add({ action: 'conflict.declared' });
      add({ action: 'conflict.withdrawn' });
    }
    if (persons.length === 0) return 0;
    const anonymised = auditAnonymiser(persons);
    const seen = new Set<string>();
    let rewritten = 0;
    for (const scope of scopes.values()) {
      for await (const entries of repository.auditPages(scope)) {
        const changed = entries.flatMap((entry) => {
          if (seen.has(entry.id)) return [];
          seen.add(entry.id);
          return anonymised(entry) ?? [];
        });
        await repository.rewriteAudit(changed);
        rewritten += changed.length;
      }
    }
    return rewritten;
  }

  /**
   * Deletes the bytes of `uploaded` (a file whose bytes cannot be deleted has no record left: it
   * cannot be downloaded), and the ZIP exports of their forms, which may hold copies under the
   * applicant's name (files-export-job.ts).
   */
  const deleteBytes = async (erased: ErasedFiles[]) => {
    await Promise.allSettled(erased.flatMap((each) => each.files).map((file) => files.delete(storagePath(file))));
    await discardFilesExports(
      { jobs, files },
      erased.flatMap((each) => each.formIds),
    );
  };

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
  async function erase(users: User[], actor: AuditActor, audit: 'named' | 'anonymous' = 'named'): Promise<void> {
    const at = now().toISOString();
    if (audit === 'anonymous') await anonymiseAudit(users.map((user) => ({ user })));
    const uploaded: ErasedFiles[] = [];
    for (const user of users) uploaded.push(await eraseOne(user, actor, at, { audit }));
    if (users.length === 0) return;
    await deleteBytes(uploaded);
    const ids = users.map((user) => user.id);
    let failed: string[];
    try {
      ({ failed } = await accounts.deleteAccounts(ids));
    } catch (error) {
      throw new AccountsNotDeletedError(ids.length, ids, { cause: error });
    }
    if (failed.length > 0) throw new AccountsNotDeletedError(ids.length, failed);
  }

  async function deleteAccounts(uids: string[]): Promise<string[]> {
    if (uids.length === 0) return [];
    try {
      return (await accounts.deleteAccounts(uids)).failed;
    } catch {
      return uids;
    }
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
      if (leaving.length === 0) {
        await repository.setRole(ids, role, entries);
        return { updated: ids.length, reassigned: 0, unassigned: 0 };
      }
      const leavingIds = new Set(leaving.map((user) => user.id));
      const moved = await onFootprints(
        leaving,
        // For a reassignment: who may take the work, and their loads on the forms concerned.
        async (footprints) => {
          const open = footprints.flatMap((footprint) => footprint.assessmentsBy.filter(isOpen));
          if (open.length === 0 || action !== 'reassign') return { staff: [], loads: [], conflicted: () => false };
          const staff = (await reviews.listStaff()).filter((user) => !leavingIds.has(user.id));
          const formIds = [...new Set(open.map((each) => each.applicationFormId))];
          const loads = (await Promise.all(formIds.map((formId) => reviews.loadsOf(formId)))).flat();
          return { staff, loads, conflicted: conflictsWith(await reviews.conflicts()) };
        },
        async (tx, footprints, prepared) => {
          // As stored now: a review submitted since the footprint was read stays theirs.
          const open = (
            await Promise.all(
              footprints
                .flatMap((footprint) => footprint.assessmentsBy)
                .map((each) => tx.getAssessment(each.kind, each.id)),
            )
          ).filter((each): each is Assessment => each !== null && isOpen(each));
          if (open.length > 0 && !action) {
            throw new ApiError(
              'conflict',
              STAFF_MESSAGES.openAssignments(open.length),
              leaving.map((user, index) => userImpact(user, footprints[index]!)),
            );
          }
          const result =
            open.length > 0 && action
              ? await moveOpenAssignments(tx, { open, action, ...prepared, actor, at })
              : { reassigned: 0, unassigned: 0 };
          for (const id of ids) tx.setRole(id, role);
          for (const entry of entries) tx.record(entry);
          return result;
        },
      );
      return { updated: ids.length, ...moved };
    },

    /** What deleting their own account removes, for the applicant's confirmation (changes nothing). */
    async ownAccountPreview(user: User): Promise<AccountDeletionPreview> {
      const footprint = await repository.footprint(user.id);
      const formIds = [...new Set(footprint.responses.map((response) => response.applicationFormId))];
      const forms = new Map(await Promise.all(formIds.map(async (id) => [id, await reviews.getForm(id)] as const)));
      return {
        email: user.email,
        applications: footprint.responses.map((response) => {
          const form = forms.get(response.applicationFormId);
          const draft = response.status === INITIAL_RESPONSE_STATUS;
          return {
            formId: response.applicationFormId,
            semester: form?.semester ?? response.applicationFormId,
            outcome: draft ? 'draft' : form?.decisionsReleased ? 'counted-anonymously' : 'withdrawn',
          };
        }),
        uploadedFiles: footprint.files.length,
        interviewBookings: footprint.bookings.length,
        emails: footprint.outboxIds.length,
      };
    },

    /**
     * An applicant deletes their own account (docs/product.md#deleting-your-account): the erasure a
     * super-reviewer's deletion makes, with no name, email or id of theirs left in the audit log
     * (its entries naming them anonymised first, the deletion's own entry anonymous). Staff are
     * deleted by a super-reviewer; `confirmation` must be the word they were asked to type.
     */
    async deleteOwnAccount(user: User, confirmation: string): Promise<{ deleted: true }> {
      if (user.role !== 'applicant') throw new ApiError('forbidden', ACCOUNT_DELETION_MESSAGES.staff);
      if (confirmation.trim() !== ACCOUNT_DELETION_WORD) {
        throw new ApiError('invalid-request', ACCOUNT_DELETION_MESSAGES.confirmation, [
          { path: 'confirmation', message: ACCOUNT_DELETION_MESSAGES.confirmation },
        ]);
      }
      await erase([user], user, 'anonymous');
      return { deleted: true };
    },

    /**
     * A form's retention (docs/product.md#data-retention) erases these applicants: for each, in a
     * transaction, this form's data only when they keep their account (`keepAccount`), else their
     * whole account; the audit entries naming them anonymised first; then the files' bytes and the
     * identity accounts. Answers the identity accounts that could not be deleted (their records are
     * gone: they reach nothing; the caller tries them again).
     */
    async eraseForRetention(
      formId: string,
      targets: { user: User; keepAccount: boolean }[],
      actor: AuditActor,
    ): Promise<{ failedAccounts: string[] }> {
      const at = now().toISOString();
      await anonymiseAudit(targets.map(({ user, keepAccount }) => (keepAccount ? { user, formId } : { user })));
      const uploaded: ErasedFiles[] = [];
      for (const { user, keepAccount } of targets) {
        const options: ErasureOptions = keepAccount ? { formId, audit: 'none' } : { audit: 'none' };
        uploaded.push(await eraseOne(user, actor, at, options));
      }
      await deleteBytes(uploaded);
      return {
        failedAccounts: await deleteAccounts(targets.filter((each) => !each.keepAccount).map((each) => each.user.id)),
      };
    },

    /** Deletes identity accounts whose records are gone; answers those that could not be deleted. */
    deleteAccounts,

    /** Deletes each user with everything of theirs (`erase`). */
    async deleteUsers(ids: string[], actor: AuditActor): Promise<{ deleted: number }> {
      const users = await existingUsers(ids);
      await assertSuperReviewerRemains(users);
      await erase(users, actor);
      return { deleted: ids.length };
    },

    /**
     * The repair for what an older deployment could leave when an applicant was deleted while they
     * submitted: dashboard rows (with their responses, reviews, files, bookings…) of a user who has no
     * record any more. Each such user's leftovers are deleted as their deletion would have, audited as it.
     */
    async removeLeftovers(actor: AuditActor): Promise<{ removed: number }> {
      const rows = await repository.rowsByUser();
      const userIds = [...rows.keys()];
      const records = await repository.getMany(userIds);
      const gone = userIds.flatMap((id, index): User[] => {
        if (records[index]) return [];
        const row = rows.get(id)!;
        return [
          {
            id,
            firstName: row.applicantName,
            lastName: '',
            email: row.applicantEmail,
            role: 'applicant',
            activeApplications: [],
          },
        ];
      });
      await erase(gone, actor);
      return { removed: gone.length };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
