import { longWorkScenarios } from '../testing/job-scenarios';
import { describeOnStores } from '../testing/store-targets';

/**
 * long-work.test.ts on each store, Google's Cloud Firestore emulator included (real transactions in
 * parallel): auto-assign and the files ZIP as jobs, 202 and progress, a run that dies midway
 * finished by the scheduler with nothing done twice.
 */
jest.setTimeout(300_000);

describeOnStores('long-work', 'long work as jobs on %s', (run) => {
  longWorkScenarios((title, fn) => run(title, (harness) => fn(harness.store)));
});
