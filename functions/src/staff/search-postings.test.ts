import { countingStore } from '../store/counting-store';
import { indexedOnly } from '../testing/search-scenarios';
import { searchPostingsTests } from '../testing/search-postings-scenarios';
import { describeOnSqlite } from '../testing/store-targets';

/**
 * The dashboard search's postings (search-postings.ts) on SQLite: search-postings.emulator.test.ts
 * runs the same on every store, the Firestore emulator included.
 */
jest.setTimeout(60_000);

describeOnSqlite('the search postings, on %s', (run) => searchPostingsTests(run), {
  wrap: (store) => countingStore(indexedOnly(store)),
});
