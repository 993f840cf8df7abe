import { longWorkScenarios } from '../testing/job-scenarios';
import { testSqliteStore } from '../testing/test-store';

/**
 * Long work as jobs on SQLite (job-scenarios.ts): auto-assign and the ZIP of the files answer 202
 * and are followed to done; a run that dies midway is finished by the scheduler once its lease ran
 * out, nothing done twice; parts go to the store several at once. long-work.emulator.test.ts runs
 * the same on the Firestore emulator.
 */
jest.setTimeout(120_000);

describe('long work as jobs (SQLite)', () => {
  longWorkScenarios((title, fn) =>
    it(title, async () => {
      const store = testSqliteStore();
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    }),
  );
});
