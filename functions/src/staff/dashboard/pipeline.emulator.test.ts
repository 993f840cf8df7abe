import { countingStore } from '../../store/counting-store';
import { pipelineScenarios } from '../../testing/pipeline-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';
import { describeOnFirestore } from '../../testing/store-targets';

/**
 * pipeline.routes.test.ts on Google's Cloud Firestore emulator (its count
 * aggregations, range counts and array-contains counts): the funnel, the days and the reviewers'
 * daily buckets kept in the transactions that submit and reopen reviews.
 */
jest.setTimeout(300_000);

describeOnFirestore(
  'pipeline',
  'the pipeline at a glance on %s',
  (run) => {
    pipelineScenarios(run);
  },
  { wrap: (store) => countingStore(indexedOnly(store)) },
);
