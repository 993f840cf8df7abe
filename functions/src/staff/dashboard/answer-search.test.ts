import { createHarness, type Harness } from '../../testing/api-harness';
import { answerSearchTests } from '../../testing/answer-search-scenarios';

/**
 * Searches by what applicants wrote, as far as each caller may read it (answer-search-scenarios.ts),
 * on SQLite; answer-search.emulator.test.ts runs the same on the Firestore emulator.
 */
jest.setTimeout(60_000);

answerSearchTests((title, fn) =>
  it(title, async () => {
    const harness: Harness = await createHarness();
    try {
      await fn(harness);
    } finally {
      await harness.close();
    }
  }),
);
