import { formCounterScenarios } from '../testing/form-counter-scenarios';
import { describeOnFirestore } from '../testing/store-targets';

/**
 * form-counters.test.ts on Google's Cloud Firestore emulator: the counters kept
 * in the transactions that write rows and responses (concurrent ones too), and the recount.
 */
jest.setTimeout(300_000);

describeOnFirestore('form-counters', 'the counters stored per form on %s', (run) => {
  formCounterScenarios(run);
});
