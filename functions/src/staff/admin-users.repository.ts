import type {
  ApplicationResponse,
  ApplicationRow,
  Assessment,
  AuditEntry,
  Page,
  UploadedFile,
  User,
  UserRole,
} from '@portal/shared/domain';
import { auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, EqualityFilter, WriteOperation } from '../store/document-store';
import { queryAll } from '../store/query-pages';
import { assessmentCollection, reviewsInTransaction, type ReviewsTransaction } from './reviews.repository';
import type { StaffLoad } from './staff-load';

/** Everything stored about one user, found by their id (the queries run outside any transaction). */
export interface UserFootprint {
  responses: ApplicationResponse[];
  /** The ids of their response index entries (one per form they started). */
  indexEntryIds: string[];
  /** Their role applications: the dashboard rows of their submitted responses. */
  rows: ApplicationRow[];
  files: UploadedFile[];
  /** The reviews and interviews of their applications. */
  assessmentsAbout: Assessment[];
  /** The reviews and interviews assigned to them. */
  assessmentsBy: Assessment[];
  /** Their staff loads (one per form). */
  loads: StaffLoad[];
  /** The ids of the emails queued or sent to them (the outbox keeps their address and what it said). */
  outboxIds: string[];
  /** The ids of conflicts of interest they declared, or that name them as the applicant. */
  conflictIds: string[];
}

/** Inside a user-management transaction: the review workflow's reads and writes, and plain writes. */
export interface UsersTransaction extends ReviewsTransaction {
  setRole(id: string, role: UserRole): void;
  /** Deletes a document of a collection (COLLECTIONS key). */
  remove(collection: keyof typeof COLLECTIONS, id: string): void;
}

/** The users collection as the super-reviewer's user management reads and writes it. */
export interface AdminUsersRepository {
  /** The records of `ids`, in order; null where there is none. */
  getMany(ids: string[]): Promise<(User | null)[]>;
  countWithRole(role: UserRole): Promise<number>;
  /** One page ordered by `sortName`, filtered by role and a search token (array-contains on `searchTokens`). */
  page(query: { role?: UserRole; token: string; cursor?: string; limit: number }): Promise<Page<User>>;
  footprint(userId: string): Promise<UserFootprint>;
  /** One batch: the role of every user, and the audit entries. */
  setRole(ids: string[], role: UserRole, entries: AuditEntry[]): Promise<void>;
  transaction<R>(work: (tx: UsersTransaction) => Promise<R>): Promise<R>;
}

const ASSESSMENT_KINDS = ['review', 'interview'] as const;

export function createAdminUsersRepository(store: DocumentStore): AdminUsersRepository {
  const assessmentsWhere = async (field: 'applicantUserId' | 'staffId', userId: string) =>
    (
      await Promise.all(
        ASSESSMENT_KINDS.map((kind) =>
          queryAll<Assessment>(store, assessmentCollection(kind), [{ field, value: userId }]),
        ),
      )
    ).flat();
  return {
    getMany: (ids) => Promise.all(ids.map((id) => store.get<User>(COLLECTIONS.users, id))),
    countWithRole: (role) => store.count(COLLECTIONS.users, [{ field: 'role', value: role }]),
    async page({ role, token, cursor, limit }) {
      const where: EqualityFilter[] = [];
      if (role) where.push({ field: 'role', value: role });
      if (token) where.push({ field: 'searchTokens', op: 'array-contains', value: token });
      const [page, total] = await Promise.all([
        store.query<User>(COLLECTIONS.users, {
          where,
          orderBy: { field: 'sortName', direction: 'asc' },
          limit,
          after: cursor,
        }),
        store.count(COLLECTIONS.users, where),
      ]);
      return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor, total };
    },
    async footprint(userId) {
      const byUser = [{ field: 'userId', value: userId }];
      const [responses, index, rows, files, assessmentsAbout, assessmentsBy, loads, outbox, declared, named] =
        await Promise.all([
          queryAll<ApplicationResponse>(store, COLLECTIONS.responses, byUser),
          store.query(COLLECTIONS.responseIndex, { where: byUser }),
          queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, byUser),
          queryAll<UploadedFile>(store, COLLECTIONS.files, [{ field: 'ownerId', value: userId }]),
          assessmentsWhere('applicantUserId', userId),
          assessmentsWhere('staffId', userId),
          queryAll<StaffLoad>(store, COLLECTIONS.staffLoads, [{ field: 'staffId', value: userId }]),
          store.query(COLLECTIONS.outbox, { where: [{ field: 'recipientId', value: userId }] }),
          store.query(COLLECTIONS.conflicts, { where: [{ field: 'staffId', value: userId }] }),
          store.query(COLLECTIONS.conflicts, { where: [{ field: 'applicantUserId', value: userId }] }),
        ]);
      const indexEntryIds = index.items.map((item) => item.id);
      const outboxIds = outbox.items.map((item) => item.id);
      const conflictIds = [...new Set([...declared.items, ...named.items].map((item) => item.id))];
      return {
        responses,
        indexEntryIds,
        rows,
        files,
        assessmentsAbout,
        assessmentsBy,
        loads,
        outboxIds,
        conflictIds,
      };
    },
    setRole: (ids, role, entries) =>
      store.batch([
        ...ids.map((id): WriteOperation => ({ kind: 'update', collection: COLLECTIONS.users, id, patch: { role } })),
        ...entries.map(auditWrite),
      ]),
    transaction: (work) =>
      store.transaction((tx) =>
        work({
          ...reviewsInTransaction(tx),
          setRole: (id, role) => tx.update(COLLECTIONS.users, id, { role }),
          remove: (collection, id) => tx.delete(COLLECTIONS[collection], id),
        }),
      ),
  };
}
