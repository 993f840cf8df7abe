import { countingStore } from '../../store/counting-store';
import { calibratedOrderScenarios } from '../../testing/calibrated-order-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';
import { describeOnSqlite } from '../../testing/store-targets';

/**
 * The sort by calibrated score from the rows' stored keys on SQLite, every query through a declared
 * index (calibrated-order-scenarios.ts); calibrated-order.emulator.test.ts runs the same on the
 * Firestore emulator.
 */
jest.setTimeout(60_000);

describeOnSqlite('the sort by calibrated score, stored (%s)', (run) => calibratedOrderScenarios(run), {
  wrap: (store) => countingStore(indexedOnly(store)),
});
