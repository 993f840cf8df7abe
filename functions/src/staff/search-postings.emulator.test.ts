import { countingStore } from '../store/counting-store';
import { indexedOnly } from '../testing/search-scenarios';
import { searchPostingsTests } from '../testing/search-postings-scenarios';
import { describeOnFirestore } from '../testing/store-targets';

/** search-postings.test.ts on Google's Cloud Firestore emulator (the quick test runs it on SQLite). */
jest.setTimeout(180_000);

describeOnFirestore('search-postings', 'the search postings, on %s', (run) => searchPostingsTests(run), {
  wrap: (store) => countingStore(indexedOnly(store)),
});
