import { isDeepStrictEqual } from 'node:util';
import { userSearchFields, type User, type UserRecord } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { patchEachDocument } from './patch-each-document';
import type { Migration } from './run-migrations';

/**
 * The sample people `npm start` seeded with its demo reviews were stored without the search and
 * sort keys (`searchTokens`, `sortName`), so the director's Users page listed none of them (it
 * counted them in its total) and a search could not find them. Each user whose keys are missing or
 * out of step with the profile gets them.
 */
export const userSearchFieldsMigration: Migration = {
  id: '2026-11-user-search-fields',
  run: (store) =>
    patchEachDocument<User & Partial<UserRecord>>(store, COLLECTIONS.users, [], (user) => {
      const fields = userSearchFields(user);
      return isDeepStrictEqual({ searchTokens: user.searchTokens, sortName: user.sortName }, fields) ? null : fields;
    }),
};
