import { countingStore } from '../store/counting-store';
import { calibrationSumsScenarios } from '../testing/calibration-sums-scenarios';
import { describeOnStores } from '../testing/store-targets';

/**
 * calibration-sums.test.ts on each store, Google's Cloud Firestore emulator included (its
 * transactions): the form's calibration sums equal sums learnt from scratch after a submit and a
 * reopen, an applicant's own deletion, a super-reviewer's deletion of an applicant and of a reviewer,
 * a conflict of interest, a rubric change and a retention erasure; a page reads no review.
 */
jest.setTimeout(300_000);

describeOnStores(
  'calibration-sums',
  'the calibration sums, kept whole, on %s',
  (run) => {
    calibrationSumsScenarios(run);
  },
  { wrap: (store) => countingStore(store) },
);
