import { formCounterScenarios } from '../testing/form-counter-scenarios';
import { describeOnSqlite } from '../testing/store-targets';

/** The counters stored per form on SQLite; form-counters.emulator.test.ts runs the same on the Firestore emulator. */
jest.setTimeout(60_000);

describeOnSqlite('the counters stored per form (%s)', (run) => formCounterScenarios(run));
