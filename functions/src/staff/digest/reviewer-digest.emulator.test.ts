import { REVIEWER_DIGEST_SCENARIOS } from '../../testing/reviewer-digest-scenarios';
import { describeOnStores } from '../../testing/store-targets';

/**
 * The reviewer's digest (reviewer-digest-scenarios.ts) on each store, Google's Cloud Firestore emulator
 * included: send now (once an hour), blind stages by pseudonym, nothing to say or turned off, and
 * the scheduler's one digest a day with what was assigned since (its range query on the staff
 * member's assessments by form).
 */
jest.setTimeout(120_000);

describeOnStores('reviewer-digest', 'the reviewer digest, on %s', (run) => {
  for (const [title, scenario] of Object.entries(REVIEWER_DIGEST_SCENARIOS)) run(title, scenario);
});
