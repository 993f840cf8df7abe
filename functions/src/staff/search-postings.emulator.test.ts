import { countingStore } from '../store/counting-store';
import { indexedOnly } from '../testing/search-scenarios';
import { searchPostingsTests } from '../testing/search-postings-scenarios';
import { describeOnStores } from '../testing/store-targets';

/** search-postings.test.ts on each store, Google's Cloud Firestore emulator included. */
jest.setTimeout(180_000);

describeOnStores('search-postings', 'the search postings, on %s', (run) => searchPostingsTests(run), {
  wrap: (store) => countingStore(indexedOnly(store)),
});
