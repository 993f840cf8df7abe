import { countingStore } from '../../store/counting-store';
import { createSqliteStore } from '../../store/sqlite-store';
import { createHarness } from '../../testing/api-harness';
import { calibratedOrderScenarios } from '../../testing/calibrated-order-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';

/**
 * The sort by calibrated score from the rows' stored keys on SQLite, every query through a declared
 * index (calibrated-order-scenarios.ts); calibrated-order.emulator.test.ts runs the same on the
 * Firestore emulator.
 */
jest.setTimeout(60_000);

describe('the sort by calibrated score, stored (SQLite)', () => {
  calibratedOrderScenarios((title, fn) =>
    it(title, async () => {
      const harness = await createHarness({
        store: countingStore(indexedOnly(createSqliteStore({ filename: ':memory:' }))),
      });
      try {
        await fn(harness);
      } finally {
        await harness.close();
      }
    }),
  );
});
