/**
 * How fast the outbox drains after a large release: seeds BENCH_OUTBOX_MESSAGES (default 2,000)
 * queued decision messages, then times the production sender (`triggerEmailTransport`, the drain
 * settings `index.ts` deploys) run after run until nothing is queued, and prints messages per
 * minute. Every message must end sent once, with one `mail` document each.
 *
 * `npm run bench:outbox` measures on SQLite (a file, as the local runtime keeps it);
 * `PORTAL_STORE=firestore-emulator npm run bench:outbox` on SQLite and on Google's Firestore
 * emulator, which it starts and stops. BENCH_OUTBOX_CONCURRENCY (e.g. `1,5,25`) measures the
 * transactions in flight given instead of the deployed setting, each on a fresh outbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { OutboxMessage } from '../functions/src/outbox/outbox';
import { createOutboxSender, DEFAULT_DRAIN, triggerEmailTransport } from '../functions/src/outbox/outbox-sender';
import { COLLECTIONS } from '../functions/src/store/collections';
import type { DocumentStore } from '../functions/src/store/document-store';
import { createFirestoreStore } from '../functions/src/store/firestore-store';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { START } from '../functions/src/testing/api-harness';
import { queueReleaseMessages } from '../functions/src/testing/outbox-fixtures';
import { demoForm } from '../functions/src/seed/demo-form';
import { pointAtFirestoreEmulator, startFirestoreEmulator } from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE } from './support/bench-store';
import { startWatchdog } from './support/watchdog';

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 2000);
const CONCURRENCIES = process.env.BENCH_OUTBOX_CONCURRENCY
  ? process.env.BENCH_OUTBOX_CONCURRENCY.split(',').map(Number)
  : [DEFAULT_DRAIN.concurrency];
const FIRESTORE_PORT = 18880 + PORT_OFFSET;
/** Seeding and draining 2,000 messages take under a minute on SQLite, a few on the emulator. */
const RUN_LIMIT_MS = (BENCH_STORE === 'sqlite' ? 120_000 : 600_000) * CONCURRENCIES.length;

interface Drain {
  store: string;
  concurrency: number;
  runs: number;
  firstRun: number;
  seconds: number;
  perMinute: number;
}

/** Seeds the outbox, then runs the sender until a run sends nothing; checks every message went once. */
async function drain(storeName: string, store: DocumentStore, concurrency: number): Promise<Drain> {
  const form = demoForm(START);
  const seedStarted = performance.now();
  await queueReleaseMessages(store, form, MESSAGES, START);
  const seeded = ((performance.now() - seedStarted) / 1000).toFixed(1);
  const sender = createOutboxSender({
    store,
    transport: triggerEmailTransport,
    now: () => new Date(START.getTime() + 60_000),
    drain: { ...DEFAULT_DRAIN, concurrency },
  });
  const started = performance.now();
  let sent = 0;
  let runs = 0;
  let firstRun = 0;
  for (;;) {
    const run = await sender.runOnce();
    if (run.retrying + run.failed > 0) throw new Error(`${storeName}: ${run.retrying + run.failed} messages failed`);
    if (run.sent === 0) break;
    runs += 1;
    if (runs === 1) firstRun = run.sent;
    sent += run.sent;
  }
  const seconds = (performance.now() - started) / 1000;
  const stillQueued = await store.count(COLLECTIONS.outbox, [{ field: 'state', value: 'queued' }]);
  const mail = await store.count(COLLECTIONS.mail);
  if (sent !== MESSAGES || stillQueued !== 0 || mail !== MESSAGES) {
    throw new Error(`${storeName}: sent ${sent}, ${stillQueued} still queued, ${mail} mail documents of ${MESSAGES}`);
  }
  const sample = (await store.query<OutboxMessage>(COLLECTIONS.outbox, { limit: 1 })).items[0]!.data;
  console.log(
    `${storeName}, ${concurrency} in flight: seeded ${MESSAGES} messages (${(sample.html.length / 1024).toFixed(1)} KiB of HTML each) in ${seeded} s; ` +
      `drained in ${seconds.toFixed(1)} s over ${runs} run(s)`,
  );
  return { store: storeName, concurrency, runs, firstRun, seconds, perMinute: (MESSAGES / seconds) * 60 };
}

async function onSqlite(concurrency: number): Promise<Drain> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
  const store = createSqliteStore({ filename: path.join(dir, 'portal.db') });
  try {
    return await drain('SQLite', store, concurrency);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onFirestore(host: string, concurrency: number): Promise<Drain> {
  pointAtFirestoreEmulator(host);
  const name = `bench-outbox-${concurrency}`;
  const app = initializeApp({ projectId: `demo-${name}` }, name);
  const db = getFirestore(app);
  try {
    return await drain('Firestore emulator', createFirestoreStore(db), concurrency);
  } finally {
    await db.terminate();
    await deleteApp(app);
  }
}

async function main(): Promise<void> {
  const stopWatchdog = startWatchdog('bench:outbox', RUN_LIMIT_MS);
  const results: Drain[] = [];
  for (const concurrency of CONCURRENCIES) results.push(await onSqlite(concurrency));
  if (BENCH_STORE !== 'sqlite') {
    const emulator = await startFirestoreEmulator({ port: FIRESTORE_PORT });
    try {
      for (const concurrency of CONCURRENCIES) results.push(await onFirestore(emulator.host, concurrency));
    } finally {
      await emulator.stop();
    }
  }
  stopWatchdog();
  console.log(
    `\n${MESSAGES} queued messages, pages of ${DEFAULT_DRAIN.pageSize}, a run stops taking pages after ${DEFAULT_DRAIN.budgetMs / 1000} s:`,
  );
  console.table(
    results.map((result) => ({
      store: result.store,
      'in flight': result.concurrency,
      runs: result.runs,
      'sent by the first run': result.firstRun,
      seconds: Number(result.seconds.toFixed(1)),
      'messages per minute': Math.round(result.perMinute),
    })),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
