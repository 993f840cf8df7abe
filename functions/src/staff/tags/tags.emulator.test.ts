import { TAG_SCENARIOS } from '../../testing/tag-scenarios';
import { describeOnStores } from '../../testing/store-targets';

/**
 * Tags and saved views (tag-scenarios.ts) on each store, Google's Cloud Firestore emulator included:
 * the tag filter's array-contains query, bulk tagging in one transaction, the audit log, who may
 * see them, and the erasure of an applicant.
 */
jest.setTimeout(120_000);

describeOnStores('tags', 'tags and saved views, on %s', (run) => {
  for (const [title, scenario] of Object.entries(TAG_SCENARIOS)) run(title, scenario);
});
