import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../functions/src/store/collections';
import type { DocumentStore, QuerySpec } from '../functions/src/store/document-store';
import { createFirestoreStore } from '../functions/src/store/firestore-store';
import {
  FIRESTORE_EMULATOR_JVMS,
  pointAtFirestoreEmulator,
  startFirestoreEmulator,
  type FirestoreEmulatorJvm,
} from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { percentile } from './support/percentiles';
import { seedSubmittedApplications } from './support/seed-applications';
import { startWatchdog } from './support/watchdog';

/**
 * `npm run bench:emulator-jvm`: the Firestore emulator's time for the dashboard's query under each
 * of its JVM settings (`FIRESTORE_EMULATOR_JVMS`: as shipped, and the tests' first JIT tier only;
 * docs/decisions/firestore-emulator-jvm.md). For each, a fresh emulator gets `BENCH_APPLICATIONS`
 * (5,000) submitted applications as `bench:staff` seeds them, then the first page's query (the
 * form's rows newest first, 26 of them without their search tokens, as the dashboard asks) and,
 * as the baseline, a get of one row, `BENCH_RUNS` (15) times each after 5 warm-up calls. Prints
 * p50 / p95 and each setting's ratio to the baseline, and the as-shipped over the short-runs p50.
 */
const SIZE = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARM_UP = 5;
const FORM_ID = 'demo-form-spring';
const FIRESTORE_PORT = 18740 + PORT_OFFSET;
const PROJECT_ID = 'demo-bench-emulator-jvm';

const FIRST_PAGE: QuerySpec = {
  where: [{ field: 'applicationFormId', value: FORM_ID }],
  orderBy: { field: 'submittedAt', direction: 'desc' },
  fields: ['id', 'applicantName', 'submittedAt', 'decision', 'reviewScore'],
  limit: 26,
};

interface Timing {
  p50: number;
  p95: number;
}

async function timed(call: () => Promise<unknown>): Promise<Timing> {
  for (let run = 0; run < WARM_UP; run++) await call();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measure(jvm: FirestoreEmulatorJvm): Promise<{ query: Timing; get: Timing; rows: number }> {
  const emulator = await startFirestoreEmulator({ port: FIRESTORE_PORT, jvm });
  pointAtFirestoreEmulator(emulator.host);
  const app = initializeApp({ projectId: PROJECT_ID }, `bench-emulator-jvm-${jvm}`);
  try {
    const store: DocumentStore = createFirestoreStore(getFirestore(app));
    await seedSubmittedApplications(store, { count: SIZE, reviewers: 40 });
    const rows = await store.count(COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: FORM_ID }]);
    const first = (await store.query(COLLECTIONS.reviewStatuses, { ...FIRST_PAGE, limit: 1 })).items[0]!.id;
    const query = await timed(() => store.query(COLLECTIONS.reviewStatuses, FIRST_PAGE));
    const get = await timed(() => store.get(COLLECTIONS.reviewStatuses, first));
    return { query, get, rows };
  } finally {
    await getFirestore(app).terminate();
    await deleteApp(app);
    await emulator.stop();
  }
}

async function main(): Promise<void> {
  const stop = startWatchdog('bench:emulator-jvm', 1_200_000);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const p50s = new Map<FirestoreEmulatorJvm, number>();
  console.log(`Firestore emulator, ${SIZE} submitted applications; ${RUNS} runs each after ${WARM_UP} warm-up calls`);
  for (const jvm of Object.keys(FIRESTORE_EMULATOR_JVMS) as FirestoreEmulatorJvm[]) {
    const flags = FIRESTORE_EMULATOR_JVMS[jvm].join(' ') || 'the JVM defaults';
    const { query, get, rows } = await measure(jvm);
    p50s.set(jvm, query.p50);
    console.log(
      `${jvm.padEnd(11)} (${flags}): the first page's query over ${rows} rows p50 ${ms(query.p50)}, p95 ${ms(query.p95)}` +
        ` (${(query.p50 / get.p50).toFixed(1)}× a get of one row, p50 ${ms(get.p50)})`,
    );
  }
  console.log(
    `as-shipped over short-runs, the query's p50: ${(p50s.get('as-shipped')! / p50s.get('short-runs')!).toFixed(2)}`,
  );
  stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
