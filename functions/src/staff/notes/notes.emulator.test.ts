import { NOTES_SCENARIOS } from '../../testing/notes-scenarios';
import { describeOnStores } from '../../testing/store-targets';

/**
 * Notes on an application (notes-scenarios.ts) on each store, Google's Cloud Firestore emulator
 * included: who reads and writes which note, mentions through the outbox, blind review, the audit
 * log and the erasure of the applicant.
 */
jest.setTimeout(120_000);

describeOnStores('notes', 'notes on an application, on %s', (run) => {
  for (const [title, scenario] of Object.entries(NOTES_SCENARIOS)) run(title, scenario);
});
