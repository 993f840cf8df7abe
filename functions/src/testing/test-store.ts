import { createSqliteStore, type SqliteStoreOptions } from '../store/sqlite-store';

/**
 * The SQLite store of a test: in memory, each index created when a query first runs through it
 * (`createIndexes: 'on-first-query'`), so the test's writes keep only the indexes its queries use.
 * The tests of the store itself, of its indexes and of its SQL open theirs as the portal does.
 */
export const testSqliteStore = (options: Omit<SqliteStoreOptions, 'filename' | 'createIndexes'> = {}) =>
  createSqliteStore({ filename: ':memory:', createIndexes: 'on-first-query', ...options });
