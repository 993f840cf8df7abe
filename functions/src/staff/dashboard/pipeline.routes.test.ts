import { countingStore } from '../../store/counting-store';
import { pipelineScenarios } from '../../testing/pipeline-scenarios';
import { indexedOnly } from '../../testing/search-scenarios';
import { describeOnSqlite } from '../../testing/store-targets';

/**
 * The pipeline at a glance on SQLite, every query and count through a declared index
 * (pipeline-scenarios.ts); pipeline.emulator.test.ts runs the same on the Firestore emulator.
 */
jest.setTimeout(60_000);

describeOnSqlite('the pipeline at a glance (%s)', (run) => pipelineScenarios(run), {
  wrap: (store) => countingStore(indexedOnly(store)),
});
