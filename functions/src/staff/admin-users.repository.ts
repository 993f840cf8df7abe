import type { AuditEntry, Page, User, UserRole } from '@portal/shared/domain';
import { auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, EqualityFilter, WriteOperation } from '../store/document-store';

/** The users collection as the super-reviewer's user management reads and writes it. */
export interface AdminUsersRepository {
  /** The records of `ids`, in order; null where there is none. */
  getMany(ids: string[]): Promise<(User | null)[]>;
  countWithRole(role: UserRole): Promise<number>;
  /** One page ordered by `sortName`, filtered by role and a search token (array-contains on `searchTokens`). */
  page(query: { role?: UserRole; token: string; cursor?: string; limit: number }): Promise<Page<User>>;
  /** One batch: the role of every user, and the audit entries. */
  setRole(ids: string[], role: UserRole, entries: AuditEntry[]): Promise<void>;
  /** One batch: the records, and the audit entries. */
  deleteRecords(ids: string[], entries: AuditEntry[]): Promise<void>;
}

export function createAdminUsersRepository(store: DocumentStore): AdminUsersRepository {
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
    setRole: (ids, role, entries) =>
      store.batch([
        ...ids.map((id): WriteOperation => ({ kind: 'update', collection: COLLECTIONS.users, id, patch: { role } })),
        ...entries.map(auditWrite),
      ]),
    deleteRecords: (ids, entries) =>
      store.batch([
        ...ids.map((id): WriteOperation => ({ kind: 'delete', collection: COLLECTIONS.users, id })),
        ...entries.map(auditWrite),
      ]),
  };
}
