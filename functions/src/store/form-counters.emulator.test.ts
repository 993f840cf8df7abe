import { formCounterScenarios } from '../testing/form-counter-scenarios';
import { describeOnStores } from '../testing/store-targets';

/**
 * form-counters.test.ts on each store, Google's Cloud Firestore emulator included: the counters kept
 * in the transactions that write rows and responses (concurrent ones too), and the recount.
 */
jest.setTimeout(300_000);

describeOnStores('form-counters', 'the counters stored per form on %s', (run) => {
  formCounterScenarios(run);
});
