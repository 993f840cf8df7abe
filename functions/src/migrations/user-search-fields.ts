import { isDeepStrictEqual } from 'node:util';
import { userSearchFields, type User, type UserRecord } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * The sample people `npm start` seeded with its demo reviews were stored without the search and
 * sort keys (`searchTokens`, `sortName`), so the director's Users page listed none of them (it
 * counted them in its total) and a search could not find them. Each user whose keys are missing or
 * out of step with the profile gets them, in a transaction of its own from the record as it is then.
 */
export const userSearchFieldsMigration: Migration = {
  id: '2026-11-user-search-fields',
  async run(store: DocumentStore): Promise<number> {
    let changed = 0;
    let after: string | undefined;
    do {
      const page = await store.query<UserRecord>(COLLECTIONS.users, { limit: PAGE, ...(after ? { after } : {}) });
      for (const { id } of page.items) {
        const updated = await store.transaction(async (tx) => {
          const user = await tx.get<User & Partial<UserRecord>>(COLLECTIONS.users, id);
          if (!user) return false;
          const fields = userSearchFields(user);
          if (isDeepStrictEqual({ searchTokens: user.searchTokens, sortName: user.sortName }, fields)) return false;
          tx.update(COLLECTIONS.users, id, fields);
          return true;
        });
        if (updated) changed += 1;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
    return changed;
  },
};
