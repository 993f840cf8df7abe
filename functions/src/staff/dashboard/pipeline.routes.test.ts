import { countingStore } from '../../store/counting-store';
import { createSqliteStore } from '../../store/sqlite-store';
import { createHarness } from '../../testing/api-harness';
import { pipelineScenarios } from '../../testing/pipeline-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';

/**
 * The pipeline at a glance on SQLite, every query and count through a declared index
 * (pipeline-scenarios.ts); pipeline.emulator.test.ts runs the same on the Firestore emulator.
 */
jest.setTimeout(60_000);

describe('the pipeline at a glance (SQLite)', () => {
  const run = Object.assign(
    (title: string, fn: (harness: Awaited<ReturnType<typeof createHarness>>) => Promise<void>) =>
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
    { beforeEach: () => undefined },
  );
  pipelineScenarios(run);
});
