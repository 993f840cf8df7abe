import { countingStore } from '../../store/counting-store';
import { pipelineScenarios } from '../../testing/pipeline-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';
import { describeOnStores } from '../../testing/store-targets';

/**
 * pipeline.routes.test.ts on each store, Google's Cloud Firestore emulator included (its count
 * aggregations, range counts and array-contains counts): the funnel, the days and the reviewers'
 * daily buckets kept in the transactions that submit and reopen reviews.
 */
jest.setTimeout(300_000);

describeOnStores(
  'pipeline',
  'the pipeline at a glance on %s',
  (run) => {
    pipelineScenarios(run);
  },
  { wrap: (store) => countingStore(indexedOnly(store)) },
);
