import { countingStore } from '../../store/counting-store';
import { calibratedOrderScenarios } from '../../testing/calibrated-order-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';
import { describeOnFirestore } from '../../testing/store-targets';

/**
 * calibrated-order.test.ts on Google's Cloud Firestore emulator (its
 * transactions, its order and its cursors): the calibrated order from the rows' stored keys after
 * reviews and rubric changes, one page read while the calibration holds, no key for a reviewer.
 */
jest.setTimeout(300_000);

describeOnFirestore(
  'calibrated-order',
  'the sort by calibrated score, stored, on %s',
  (run) => {
    calibratedOrderScenarios(run);
  },
  { wrap: (store) => countingStore(indexedOnly(store)) },
);
