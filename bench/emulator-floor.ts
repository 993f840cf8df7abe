import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type CollectionReference } from 'firebase-admin/firestore';
import { pointAtFirestoreEmulator, startFirestoreEmulator } from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { percentile } from './support/percentiles';
import { startWatchdog } from './support/watchdog';

/**
 * `npm run bench:emulator-floor`: what any query costs on the Firestore emulator as the collection
 * grows, whatever the portal asks. A fresh emulator (as shipped) gets one collection per size of
 * `BENCH_SIZES` (500,5000) holding that many documents of three small fields, then each call below
 * is timed on every size in turn, `BENCH_RUNS` (25) times after 5 warm-up rounds. Prints the p50 of
 * each call at each size and its largest size over its smallest: a get stays flat, and every query,
 * even 25 documents with no filter and no order, grows with the collection, because the emulator
 * walks it. The dashboard's goal of ≤ 1.5× between 500 and 5,000 applications
 * (docs/performance.md#where-the-figures-stand) is therefore out of reach on the emulator for any
 * page that makes a query.
 */
const SIZES = (process.env.BENCH_SIZES ?? '500,5000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const WARM_UP = 5;
const FIRESTORE_PORT = 18760 + PORT_OFFSET;
const PROJECT_ID = 'demo-bench-emulator-floor';
const FORM_ID = 'form-a';

const CALLS: [label: string, call: (documents: CollectionReference) => Promise<unknown>][] = [
  ['get of one document', (documents) => documents.doc('d-0').get()],
  ['25 documents, no filter, no order', (documents) => documents.limit(25).get()],
  ['25 newest (one order)', (documents) => documents.orderBy('submittedAt', 'desc').limit(25).get()],
  [
    "25 newest of a form (the first page's shape)",
    (documents) => documents.where('formId', '==', FORM_ID).orderBy('submittedAt', 'desc').limit(25).get(),
  ],
  ['the one document with a name', (documents) => documents.where('name', '==', 'name-7').get()],
  ['count of a form', (documents) => documents.where('formId', '==', FORM_ID).count().get()],
];

async function seed(documents: CollectionReference, size: number): Promise<void> {
  const db = documents.firestore;
  for (let start = 0; start < size; start += 500) {
    const batch = db.batch();
    for (let index = start; index < Math.min(size, start + 500); index++) {
      batch.set(documents.doc(`d-${index}`), { formId: FORM_ID, submittedAt: index, name: `name-${index}` });
    }
    await batch.commit();
  }
}

async function main(): Promise<void> {
  const stop = startWatchdog('bench:emulator-floor', 600_000);
  const emulator = await startFirestoreEmulator({ port: FIRESTORE_PORT });
  pointAtFirestoreEmulator(emulator.host);
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-emulator-floor');
  try {
    const db = getFirestore(app);
    const collections = SIZES.map((size) => db.collection(`documents-${size}`));
    await Promise.all(collections.map((documents, index) => seed(documents, SIZES[index]!)));
    const samples = CALLS.map(() => SIZES.map((): number[] => []));
    for (let round = 0; round < WARM_UP + RUNS; round++) {
      for (const [callIndex, [, call]] of CALLS.entries()) {
        for (const [sizeIndex, documents] of collections.entries()) {
          const started = performance.now();
          await call(documents);
          if (round >= WARM_UP) samples[callIndex]![sizeIndex]!.push(performance.now() - started);
        }
      }
    }
    const [smallest, largest] = [0, SIZES.length - 1];
    console.log(
      `Firestore emulator as shipped, one collection of ${SIZES.join(' and ')} documents (three fields each); ` +
        `p50 of ${RUNS} runs after ${WARM_UP} warm-up rounds, the sizes in turn`,
    );
    let flattestQuery = Number.POSITIVE_INFINITY;
    for (const [callIndex, [label]] of CALLS.entries()) {
      const p50s = samples[callIndex]!.map((times) => percentile(times, 50));
      const ratio = p50s[largest]! / p50s[smallest]!;
      if (callIndex > 0) flattestQuery = Math.min(flattestQuery, ratio);
      const figures = p50s.map((p50, index) => `${SIZES[index]}: ${p50.toFixed(1).padStart(6)} ms`).join('  ');
      console.log(`${label.padEnd(46)} ${figures}  (${ratio.toFixed(1)}×)`);
    }
    console.log(
      `The flattest query grows ${flattestQuery.toFixed(1)}× from ${SIZES[smallest]} to ${SIZES[largest]} documents ` +
        '(a get of one document is the baseline).',
    );
  } finally {
    await getFirestore(app).terminate();
    await deleteApp(app);
    await emulator.stop();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
