import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import pino from 'pino';
import type { PipelinePage } from '@portal/shared/domain';
import { createApp } from '../functions/src/app';
import { loadLocalConfig } from '../functions/src/config';
import type { FileStore } from '../functions/src/files/file-store';
import { createInMemoryIdentityAdmin } from '../functions/src/identity/in-memory-identity-admin';
import type { IdentityVerifier } from '../functions/src/identity/identity-verifier';
import { COLLECTIONS } from '../functions/src/store/collections';
import type { DocumentStore } from '../functions/src/store/document-store';
import { createFirestoreStore } from '../functions/src/store/firestore-store';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { userRecord } from '../functions/src/users/users.repository';
import { pointAtFirestoreEmulator, startLocalFirestoreEmulator } from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE } from './support/bench-store';
import { percentile } from './support/percentiles';
import { seedSubmittedApplications } from './support/seed-applications';
import { startWatchdog } from './support/watchdog';

/**
 * `npm run bench:pipeline`: the pipeline at a glance's data (GET /api/admin/forms/{formId}/pipeline)
 * at `BENCH_APPLICATIONS` (default 5,000) submitted applications, two submitted reviews per role
 * applied for, 40 reviewers (bench/support/seed-applications.ts), with the API in process on
 * loopback. Prints p50/p95 of `BENCH_RUNS` calls twice: with the store's counts kept (nothing
 * changed since the last call) and with a row changed before each call (every count computed
 * again), and the answer's size. `PORTAL_STORE=firestore-emulator` runs it on the Firestore
 * emulator (seeded through the production adapter). Goal: p50 ≤ 50 ms on SQLite at 5,000.
 */

const SIZE = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const ON_SQLITE = BENCH_STORE === 'sqlite';
const RUNS = Number(process.env.BENCH_RUNS ?? (ON_SQLITE ? 30 : 10));
const FORM_ID = 'demo-form-spring';
const DIRECTOR = 'bench-director';
const FIRESTORE_PORT = 18395 + PORT_OFFSET;
const GOAL_MS = 50;

const unusedFiles: FileStore = {
  put: () => Promise.reject(new Error('no files in this bench')),
  stat: () => Promise.reject(new Error('no files in this bench')),
  read: () => Promise.reject(new Error('no files in this bench')),
  delete: () => Promise.reject(new Error('no files in this bench')),
};

/** Every bench user signs in as `Bearer bench.<uid>`. */
const verifier: IdentityVerifier = {
  async verifyIdToken(token) {
    if (!token.startsWith('bench.')) throw new Error('unknown token');
    const uid = token.slice('bench.'.length);
    return { uid, email: `${uid}@example.com`, emailVerified: true };
  },
};

/** The store the API runs on, and what stops it. */
async function openStore(dir: string): Promise<{ store: DocumentStore; close: () => Promise<void> }> {
  if (ON_SQLITE) {
    const store = createSqliteStore({ filename: path.join(dir, 'portal.db') });
    return { store, close: () => store.close() };
  }
  const projectId = loadLocalConfig().PORTAL_PROJECT_ID;
  const emulator = await startLocalFirestoreEmulator({
    port: FIRESTORE_PORT,
    projectId,
    dataDir: path.join(dir, 'firestore'),
  });
  pointAtFirestoreEmulator(emulator.host);
  const app = initializeApp({ projectId }, 'bench-pipeline');
  const db = getFirestore(app);
  return {
    store: createFirestoreStore(db),
    close: async () => {
      await db.terminate();
      await deleteApp(app);
      await emulator.stop();
    },
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const stopWatchdog = startWatchdog('bench:pipeline', ON_SQLITE ? 900_000 : 1_800_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pipeline-'));
  const { store, close } = await openStore(dir);
  let server: ReturnType<ReturnType<typeof createApp>['listen']> | undefined;
  try {
    const seeding = performance.now();
    await seedSubmittedApplications(store, { count: SIZE, reviewers: 40 });
    await store.set(
      COLLECTIONS.users,
      DIRECTOR,
      userRecord({
        id: DIRECTOR,
        email: `${DIRECTOR}@example.com`,
        firstName: 'Bench',
        lastName: 'Director',
        role: 'super-reviewer',
        activeApplications: [],
      }),
    );
    const rows = await store.count(COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: FORM_ID }]);
    console.log(
      `${BENCH_STORE}: seeded ${SIZE} submitted applications (${rows} rows), 40 reviewers, in ${(
        (performance.now() - seeding) /
        1000
      ).toFixed(1)} s`,
    );

    const app = createApp({
      store,
      files: unusedFiles,
      identity: verifier,
      accounts: createInMemoryIdentityAdmin(),
      logger: pino({ level: 'silent' }),
      storeName: ON_SQLITE ? 'sqlite' : 'firestore-emulator',
      version: 'bench',
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/forms/${FORM_ID}/pipeline`;
    const call = async () => {
      const started = performance.now();
      const res = await fetch(url, { headers: { Authorization: `Bearer bench.${DIRECTOR}` } });
      const text = await res.text();
      const took = performance.now() - started;
      if (!res.ok) throw new Error(`pipeline: ${res.status} ${text}`);
      return { took, text };
    };
    const { text } = await call();
    const page = JSON.parse(text) as PipelinePage;
    const bootcamp = page.funnels.find((funnel) => funnel.role === 'bootcamp');
    console.log(
      `answer: ${(text.length / 1024).toFixed(1)} KB, ${page.funnels.length} role funnels, ${page.days.length} days, ` +
        `${page.reviewers.length} reviewers; bootcamp: ${bootcamp?.steps.map((step) => `${step.stage} ${step.count}`).join(', ')}`,
    );
    // A row of the form, changed before each call of the second series: the counts are computed again.
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
    const fresh = await series('after a row changed (recounted)', (run) =>
      store.update(COLLECTIONS.reviewStatuses, anyRow.id, { benchTouch: run }),
    );
    console.log(
      `goal: p50 ≤ ${GOAL_MS} ms on SQLite at 5,000 applications; here ${ms(Math.max(kept, fresh))} (the slower series)`,
    );
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await close();
    rmSync(dir, { recursive: true, force: true });
    stopWatchdog();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
