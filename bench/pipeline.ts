import type { PipelinePage } from '@portal/shared/domain';
import { COLLECTIONS } from '../functions/src/store/collections';
import { withFormCounters } from '../functions/src/store/form-counters';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE, withTemporaryBenchStore } from './support/bench-store';
import { benchAuthorization, startInProcessApi } from './support/in-process-api';
import { percentile } from './support/percentiles';
import { seedBenchDirector, seedSubmittedApplications } from './support/seed-applications';

/**
 * `npm run bench:pipeline`: the pipeline at a glance's data (GET /api/admin/forms/{formId}/pipeline)
 * at `BENCH_APPLICATIONS` (default 5,000) submitted applications, two submitted reviews per role
 * applied for, 40 reviewers (bench/support/seed-applications.ts), with the API in process on
 * loopback. Prints the first call's time (it recounts the seeded form's counters), then p50/p95 of
 * `BENCH_RUNS` calls twice: with nothing changed since the last call and with a row changed before
 * each call (through the form's counters, as the API writes), and the answer's size. `PORTAL_STORE=firestore-emulator` runs it on the Firestore
 * emulator (seeded through the production adapter). Goal: p50 ≤ 50 ms on SQLite at 5,000.
 */

const SIZE = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const ON_SQLITE = BENCH_STORE === 'sqlite';
const RUNS = Number(process.env.BENCH_RUNS ?? (ON_SQLITE ? 30 : 10));
const FORM_ID = 'demo-form-spring';
const DIRECTOR = 'bench-director';
const FIRESTORE_PORT = 18395 + PORT_OFFSET;
const GOAL_MS = 50;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  await withTemporaryBenchStore(
    'pipeline',
    { firestorePort: FIRESTORE_PORT, limitMs: ON_SQLITE ? 900_000 : 1_800_000 },
    async (store) => {
      let api: Awaited<ReturnType<typeof startInProcessApi>> | undefined;
      try {
        const seeding = performance.now();
        await seedSubmittedApplications(store, { count: SIZE, reviewers: 40 });
        await seedBenchDirector(store, DIRECTOR);
        const rows = await store.count(COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: FORM_ID }]);
        console.log(
          `${BENCH_STORE}: seeded ${SIZE} submitted applications (${rows} rows), 40 reviewers, in ${(
            (performance.now() - seeding) /
            1000
          ).toFixed(1)} s`,
        );

        api = await startInProcessApi(store, BENCH_STORE);
        const url = `${api.base}/admin/forms/${FORM_ID}/pipeline`;
        const call = async () => {
          const started = performance.now();
          const res = await fetch(url, { headers: { Authorization: benchAuthorization(DIRECTOR) } });
          const text = await res.text();
          const took = performance.now() - started;
          if (!res.ok) throw new Error(`pipeline: ${res.status} ${text}`);
          return { took, text };
        };
        const { text, took } = await call();
        console.log(`first call (recounts the seeded form's counters, store/form-counters.ts): ${ms(took)}`);
        const page = JSON.parse(text) as PipelinePage;
        const bootcamp = page.funnels.find((funnel) => funnel.role === 'bootcamp');
        console.log(
          `answer: ${(text.length / 1024).toFixed(1)} KB, ${page.funnels.length} role funnels, ${page.days.length} days, ` +
            `${page.reviewers.length} reviewers; bootcamp: ${bootcamp?.steps.map((step) => `${step.stage} ${step.count}`).join(', ')}`,
        );
        // A row of the form, changed before each call of the second series.
        const anyRow = (await store.query(COLLECTIONS.reviewStatuses, { limit: 1 })).items[0]!;
        const series = async (label: string, before: (run: number) => Promise<void>) => {
          for (let run = 0; run < 3; run++) {
            await before(run);
            await call();
          }
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) {
            await before(run);
            times.push((await call()).took);
          }
          const p50 = percentile(times, 50);
          console.log(`${label.padEnd(34)} p50 ${ms(p50).padStart(9)}   p95 ${ms(percentile(times, 95)).padStart(9)}`);
          return p50;
        };
        const kept = await series('counts kept (nothing changed)', async () => {});
        // Written as the API writes: the form's counters kept in the same transaction.
        const fresh = await series('after a row changed', (run) =>
          withFormCounters(store).update(COLLECTIONS.reviewStatuses, anyRow.id, { benchTouch: run }),
        );
        console.log(
          `goal: p50 ≤ ${GOAL_MS} ms on SQLite at 5,000 applications; here ${ms(Math.max(kept, fresh))} (the slower series)`,
        );
      } finally {
        await api?.close();
      }
    },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
