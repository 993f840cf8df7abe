import type { DocumentStore, QuerySpec } from '../functions/src/store/document-store';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE, withTemporaryBenchStore } from './support/bench-store';
import { benchAuthorization, startInProcessApi } from './support/in-process-api';
import { seedBenchDirector, seedSubmittedApplications } from './support/seed-applications';

/**
 * `npm run bench:store-calls`: where a dashboard call's time goes, store call by store call. Seeds
 * `BENCH_APPLICATIONS` (5,000) submitted applications as `bench:pipeline` does, starts the API in
 * process with every store call timed, and prints for the first page, the sort by calibrated score,
 * the disagreement filter and a search the last of `BENCH_RUNS` (4) calls: its time and each store
 * call's start (ms after the request began), duration and what it asked. Meant for the Firestore
 * emulator (`PORTAL_STORE=firestore-emulator`), whose time per call is what the dashboards' goals
 * there hang on (docs/performance.md); on SQLite the calls take well under a millisecond.
 */
const SIZE = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const FORM_ID = 'demo-form-spring';
const DIRECTOR = 'bench-director';
const FIRESTORE_PORT = 18720 + PORT_OFFSET;
const CALLS: [string, string][] = [
  ['first page', 'tab=all&sort=submittedAt&dir=desc&limit=25'],
  ['sort by calibrated score', 'tab=all&sort=calibratedReviewScore&dir=desc&limit=25'],
  ['disagreement filter', 'tab=all&filter=disagreement&sort=submittedAt&dir=desc&limit=25'],
  ['search "grace"', 'tab=all&search=grace&sort=submittedAt&dir=desc&limit=25'],
];

interface Timed {
  start: number;
  ms: number;
  what: string;
}

/** What a store call asked, in a few words. */
function describe(method: string, args: unknown[]): string {
  const [collection, second] = args;
  if (method === 'query') {
    const spec = (second ?? {}) as QuerySpec;
    const where = (spec.where ?? []).map((filter) => filter.field).join(', ');
    return `query ${String(collection)} where ${where || '–'}${spec.orderBy ? ` by ${spec.orderBy.field}` : ''}`;
  }
  if (method === 'getAll') return `getAll ${String(collection)} × ${(second as unknown[]).length}`;
  if (method === 'transaction') return 'transaction';
  return `${method} ${String(collection)}`;
}

/** The store with each read call's start and duration recorded in `log` (from `origin()`). */
function timedStore(store: DocumentStore, log: Timed[], origin: () => number): DocumentStore {
  const timed = <K extends 'get' | 'getAll' | 'query' | 'count' | 'transaction'>(method: K) =>
    ((...args: unknown[]) => {
      const start = performance.now();
      const result = (store[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      const record = () =>
        log.push({ start: start - origin(), ms: performance.now() - start, what: describe(method, args) });
      result.then(record, record);
      return result;
    }) as DocumentStore[K];
  return {
    ...store,
    get: timed('get'),
    getAll: timed('getAll'),
    query: timed('query'),
    count: timed('count'),
    transaction: timed('transaction'),
  };
}

async function main(): Promise<void> {
  await withTemporaryBenchStore('store-calls', { firestorePort: FIRESTORE_PORT, limitMs: 1_200_000 }, async (store) => {
    let api: Awaited<ReturnType<typeof startInProcessApi>> | undefined;
    try {
      await seedSubmittedApplications(store, { count: SIZE, reviewers: 40 });
      await seedBenchDirector(store, DIRECTOR);
      const log: Timed[] = [];
      let began = 0;
      api = await startInProcessApi(
        timedStore(store, log, () => began),
        BENCH_STORE,
      );
      console.log(`${BENCH_STORE}: ${SIZE} submitted applications; the last of ${RUNS} calls each`);
      for (const [label, query] of CALLS) {
        for (let run = 0; run < RUNS; run++) {
          log.length = 0;
          began = performance.now();
          const res = await fetch(`${api.base}/admin/forms/${FORM_ID}/rows?${query}`, {
            headers: { Authorization: benchAuthorization(DIRECTOR) },
          });
          await res.text();
          if (!res.ok) throw new Error(`${label}: ${res.status}`);
          if (run < RUNS - 1) continue;
          console.log(`\n${label}: ${(performance.now() - began).toFixed(0)} ms`);
          for (const call of [...log].sort((a, b) => a.start - b.start)) {
            console.log(
              `  at ${call.start.toFixed(0).padStart(4)} ms  ${call.ms.toFixed(0).padStart(4)} ms  ${call.what}`,
            );
          }
        }
      }
    } finally {
      await api?.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
