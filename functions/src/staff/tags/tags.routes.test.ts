import { createHarness, type Harness } from '../../testing/api-harness';
import { TAG_SCENARIOS } from '../../testing/tag-scenarios';

/**
 * Tags and saved views through the API on SQLite: the scenarios tags.emulator.test.ts also runs on
 * the Firestore emulator.
 */

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

describe('tags and saved views (SQLite)', () => {
  it.each(Object.entries(TAG_SCENARIOS))('%s', async (_title, scenario) => {
    await scenario(harness);
  });
});
