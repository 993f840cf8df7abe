import { countingStore } from '../store/counting-store';
import { createHarness } from '../testing/api-harness';
import { calibrationSumsScenarios } from '../testing/calibration-sums-scenarios';
import { testSqliteStore } from '../testing/test-store';

/**
 * The form's calibration sums kept whole on every path that removes or changes a submitted review,
 * on SQLite (calibration-sums-scenarios.ts); calibration-sums.emulator.test.ts runs the same on the
 * Firestore emulator.
 */
jest.setTimeout(60_000);

describe('the calibration sums, kept whole (SQLite)', () => {
  calibrationSumsScenarios(
    Object.assign(
      (title: string, fn: Parameters<Parameters<typeof calibrationSumsScenarios>[0]>[1]) =>
        it(title, async () => {
          const harness = await createHarness({ store: countingStore(testSqliteStore()) });
          try {
            await fn(harness);
          } finally {
            await harness.close();
          }
        }),
      { beforeEach: () => undefined },
    ),
  );
});
