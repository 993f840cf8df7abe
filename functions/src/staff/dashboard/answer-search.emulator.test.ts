import { answerSearchTests } from '../../testing/answer-search-scenarios';
import { describeOnStores } from '../../testing/store-targets';

/** answer-search.test.ts on each store, Google's Cloud Firestore emulator included. */
jest.setTimeout(120_000);

describeOnStores('answer-search', 'searches by what applicants wrote, on %s', (run) => answerSearchTests(run));
