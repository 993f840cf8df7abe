import { GROUP_MESSAGE_SCENARIOS } from '../../testing/group-message-scenarios';
import { describeOnFirestore } from '../../testing/store-targets';

/**
 * A message to a group (group-message-scenarios.ts) on Google's Cloud Firestore emulator (the quick
 * group-messages.routes.test.ts runs them on SQLite): the group from the dashboard's filters, one
 * message per applicant, the one-a-minute limit, deleted applicants skipped, typed names never
 * linked, the empty group.
 */
jest.setTimeout(120_000);

describeOnFirestore('group-messages', 'a message to a group, on %s', (run) => {
  for (const [title, scenario] of Object.entries(GROUP_MESSAGE_SCENARIOS)) run(title, scenario);
});
