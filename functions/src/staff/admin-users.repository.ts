import type {
  ApplicationResponse,
  ApplicationRow,
  Assessment,
  AuditAction,
  AuditEntry,
  Page,
  UploadedFile,
  User,
  UserRole,
} from '@portal/shared/domain';
import { auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type {
  DocumentData,
  DocumentStore,
  EqualityFilter,
  StoredDocument,
  WriteOperation,
} from '../store/document-store';
import { pageInMemory } from '../store/memory-pages';
import { queryAll, queryAllWithIds } from '../store/query-pages';
import { reviewsInTransaction, type ReviewsTransaction } from './reviews.repository';
import type { StaffLoad } from './staff-load';
import { markUserDeleted } from '../users/deleted-users';

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
  /** The same emails with the form each belongs to (a retention erases one form's). */
  outboxMessages: { id: string; formId: string }[];
  /** The ids of conflicts of interest they declared, or that name them as the applicant. */
  conflictIds: string[];
  /** Their interview bookings (one per form): the record's id, the slot holding their seat and its form. */
  bookings: { id: string; slotId: string; formId: string }[];
  /** How many documents each of the footprint's queries found, for `assertFootprint`. */
  counts: FootprintCounts;
}

/** The footprint's queries, each by the user's id: a collection and the field naming them. */
const footprintQueries = {
  responses: [COLLECTIONS.responses, 'userId'],
  index: [COLLECTIONS.responseIndex, 'userId'],
  rows: [COLLECTIONS.reviewStatuses, 'userId'],
  files: [COLLECTIONS.files, 'ownerId'],
  reviewsAbout: [COLLECTIONS.reviews, 'applicantUserId'],
  interviewsAbout: [COLLECTIONS.interviews, 'applicantUserId'],
  reviewsBy: [COLLECTIONS.reviews, 'staffId'],
  interviewsBy: [COLLECTIONS.interviews, 'staffId'],
  loads: [COLLECTIONS.staffLoads, 'staffId'],
  outbox: [COLLECTIONS.outbox, 'recipientId'],
  /** Messages to others about them (an interviewer's about their booking). */
  outboxAbout: [COLLECTIONS.outbox, 'aboutUserId'],
  /** Messages to others listing them among several (a reviewer's digest). */
  outboxListing: [COLLECTIONS.outbox, 'aboutUserIds', 'array-contains'],
  declared: [COLLECTIONS.conflicts, 'staffId'],
  named: [COLLECTIONS.conflicts, 'applicantUserId'],
  bookings: [COLLECTIONS.interviewBookings, 'userId'],
} as const satisfies Record<string, readonly [string, string] | readonly [string, string, 'array-contains']>;

export type FootprintCounts = Record<keyof typeof footprintQueries, number>;

/**
 * The footprint is read by queries, which a transaction cannot run: the work checks in its
 * transaction that each query still counts what it found. A call that added or removed something
 * of theirs meanwhile (a submit, a new assignment, a booking) makes it throw this, and the caller
 * reads the footprint again.
 */
export class FootprintChangedError extends Error {
  constructor(readonly userId: string) {
    super(`What is stored about user ${userId} changed while it was being read`);
    this.name = 'FootprintChangedError';
  }
}

/** Inside a user-management transaction: the review workflow's reads and writes, and plain writes. */
export interface UsersTransaction extends ReviewsTransaction {
  /** Counts the footprint's queries in the transaction; FootprintChangedError unless they match `footprint.counts`. */
  assertFootprint(userId: string, footprint: UserFootprint): Promise<void>;
  setRole(id: string, role: UserRole): void;
  /** Remembers that this user id was deleted: it never gets a record again (users/deleted-users.ts). */
  markDeleted(id: string, at: string): void;
  /** Reads a document of a collection (COLLECTIONS key). */
  read<T extends DocumentData>(collection: keyof typeof COLLECTIONS, id: string): Promise<T | null>;
  /** Shallow-merges fields into a document of a collection (COLLECTIONS key). */
  patch(collection: keyof typeof COLLECTIONS, id: string, fields: DocumentData): void;
  /** Deletes a document of a collection (COLLECTIONS key). */
  remove(collection: keyof typeof COLLECTIONS, id: string): void;
}

/** The users collection as the super-reviewer's user management reads and writes it. */
export interface AdminUsersRepository {
  /** The records of `ids`, in order; null where there is none. */
  getMany(ids: string[]): Promise<(User | null)[]>;
  countWithRole(role: UserRole): Promise<number>;
  /**
   * One page ordered by `sortName`, filtered by role and a search token: a search is one
   * array-contains on `searchTokens` (no composite index), its matches filtered by role, sorted and
   * paged in memory (docs/performance.md#index-budget).
   */
  page(query: { role?: UserRole; token: string; cursor?: string; limit: number }): Promise<Page<User>>;
  footprint(userId: string): Promise<UserFootprint>;
  /** Every dashboard row's applicant, by user id (one of their rows each; anonymous rows left out). */
  rowsByUser(): Promise<Map<string, ApplicationRow>>;
  /** One batch: the role of every user, and the audit entries. */
  setRole(ids: string[], role: UserRole, entries: AuditEntry[]): Promise<void>;
  /**
   * The audit entries in `scope` (one form's, those a user made, those whose target is one id), a
   * page at a time: an erasure rewrites those that name the person erased (audit-anonymisation.ts).
   */
  auditPages(scope: AuditScope): AsyncGenerator<AuditEntry[]>;
  /** Writes audit entries back as they are given (anonymised), in batches. */
  rewriteAudit(entries: AuditEntry[]): Promise<void>;
  transaction<R>(work: (tx: UsersTransaction) => Promise<R>): Promise<R>;
}

/** Where an erasure looks for audit entries naming the person erased. */
export type AuditScope = { formId: string } | { actorId: string } | { targetId: string } | { action: AuditAction };

const AUDIT_PAGE = 500;
/** Audit entries rewritten per batch (Firestore commits at most 500 writes). */
const AUDIT_REWRITES_PER_BATCH = 400;

const queryKeys = Object.keys(footprintQueries) as (keyof typeof footprintQueries)[];
const byUser = (key: keyof typeof footprintQueries, userId: string): [string, EqualityFilter[]] => {
  const [collection, field, op] = footprintQueries[key] as readonly [string, string, 'array-contains'?];
  return [collection, [{ field, value: userId, ...(op ? { op } : {}) }]];
};

export function createAdminUsersRepository(store: DocumentStore): AdminUsersRepository {
  return {
    getMany: (ids) => Promise.all(ids.map((id) => store.get<User>(COLLECTIONS.users, id))),
    countWithRole: (role) => store.count(COLLECTIONS.users, [{ field: 'role', value: role }]),
    async page({ role, token, cursor, limit }) {
      const where: EqualityFilter[] = [];
      const orderBy = { field: 'sortName', direction: 'asc' as const };
      if (token) {
        const found = await queryAll<User>(store, COLLECTIONS.users, [
          { field: 'searchTokens', op: 'array-contains', value: token },
        ]);
        return pageInMemory(role ? found.filter((user) => user.role === role) : found, {
          orderBy,
          limit,
          after: cursor,
        });
      }
      if (role) where.push({ field: 'role', value: role });
      const [page, total] = await Promise.all([
        store.query<User>(COLLECTIONS.users, {
          where,
          orderBy,
          limit,
          after: cursor,
        }),
        store.count(COLLECTIONS.users, where),
      ]);
      return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor, total };
    },
    async footprint(userId) {
      const found = Object.fromEntries(
        await Promise.all(
          queryKeys.map(async (key) => {
            const [collection, where] = byUser(key, userId);
            return [key, await queryAllWithIds(store, collection, where)] as const;
          }),
        ),
      ) as Record<keyof typeof footprintQueries, StoredDocument[]>;
      const data = <T>(key: keyof typeof footprintQueries) => found[key].map((item) => item.data as T);
      const ids = (key: keyof typeof footprintQueries) => found[key].map((item) => item.id);
      return {
        responses: data<ApplicationResponse>('responses'),
        indexEntryIds: ids('index'),
        rows: data<ApplicationRow>('rows'),
        files: data<UploadedFile>('files'),
        assessmentsAbout: [...data<Assessment>('reviewsAbout'), ...data<Assessment>('interviewsAbout')],
        assessmentsBy: [...data<Assessment>('reviewsBy'), ...data<Assessment>('interviewsBy')],
        loads: data<StaffLoad>('loads'),
        outboxIds: [...new Set([...ids('outbox'), ...ids('outboxAbout'), ...ids('outboxListing')])],
        outboxMessages: [
          ...new Map(
            [...found.outbox, ...found.outboxAbout, ...found.outboxListing].map((item) => [
              item.id,
              { id: item.id, formId: String(item.data.formId ?? '') },
            ]),
          ).values(),
        ],
        conflictIds: [...new Set([...ids('declared'), ...ids('named')])],
        bookings: found.bookings.map((item) => {
          const { slotId, formId } = item.data as { slotId: string; formId: string };
          return { id: item.id, slotId, formId };
        }),
        counts: Object.fromEntries(queryKeys.map((key) => [key, found[key].length])) as FootprintCounts,
      };
    },
    async rowsByUser() {
      const rows = await queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, []);
      // A released form's rows kept anonymous after an erasure belong to no one.
      return new Map(rows.filter((row) => row.userId !== '').map((row) => [row.userId, row]));
    },
    async *auditPages(scope) {
      const where: EqualityFilter[] =
        'formId' in scope
          ? [{ field: 'formId', value: scope.formId }]
          : 'actorId' in scope
            ? [{ field: 'actorId', value: scope.actorId }]
            : 'action' in scope
              ? [{ field: 'action', value: scope.action }]
              : [{ field: 'target.id', value: scope.targetId }];
      let after: string | undefined;
      do {
        const page = await store.query<AuditEntry & DocumentData>(COLLECTIONS.audit, {
          where,
          limit: AUDIT_PAGE,
          after,
        });
        yield page.items.map((item) => item.data);
        after = page.nextCursor ?? undefined;
      } while (after);
    },
    async rewriteAudit(entries) {
      for (let start = 0; start < entries.length; start += AUDIT_REWRITES_PER_BATCH) {
        await store.batch(
          entries.slice(start, start + AUDIT_REWRITES_PER_BATCH).map((entry): WriteOperation => ({
            kind: 'set',
            collection: COLLECTIONS.audit,
            id: entry.id,
            data: entry as unknown as DocumentData,
          })),
        );
      }
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
          async assertFootprint(userId, footprint) {
            for (const key of queryKeys) {
              if ((await tx.count(...byUser(key, userId))) !== footprint.counts[key]) {
                throw new FootprintChangedError(userId);
              }
            }
          },
          setRole: (id, role) => tx.update(COLLECTIONS.users, id, { role }),
          markDeleted: (id, at) => markUserDeleted(tx, id, at),
          read: (collection, id) => tx.get(COLLECTIONS[collection], id),
          patch: (collection, id, fields) => tx.update(COLLECTIONS[collection], id, fields),
          remove: (collection, id) => tx.delete(COLLECTIONS[collection], id),
        }),
      ),
  };
}
