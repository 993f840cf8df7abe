/**
 * `npm run bench:account-sync`: what one run of the scheduled account sync costs
 * (functions/src/identity/account-status-sync.ts): wall time, store reads and writes (as Firestore
 * bills them) and identity-provider calls, for a first pass, a pass over unchanged accounts and a
 * pass where 1% changed, over BENCH_ACCOUNTS accounts (default 1,000, 10,000 and 50,000) on SQLite
 * with the in-memory provider; then a pass over 2,000 accounts listed from a real Firebase Auth
 * emulator (PORTAL_PORT_OFFSET picks its port).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { syncAccountStatuses } from '../functions/src/identity/account-status-sync';
import { createFirebaseIdentityAdmin } from '../functions/src/identity/firebase-identity';
import { createInMemoryIdentityAdmin } from '../functions/src/identity/in-memory-identity-admin';
import { countingStore, type CountingStore } from '../functions/src/store/counting-store';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { COLLECTIONS } from '../functions/src/store/collections';
import type { IdentityAdmin } from '../functions/src/identity/identity-admin';
import { startAuthEmulator } from '../tools/auth-emulator';
import { PORT_OFFSET } from '../tools/port-offset';

const SIZES = (process.env.BENCH_ACCOUNTS ?? '1000,10000,50000').split(',').map(Number);
const EMULATOR_ACCOUNTS = 2000;

const uidOf = (i: number) => `user-${String(i).padStart(6, '0')}`;

async function measure(label: string, store: CountingStore, accounts: IdentityAdmin, calls: () => number) {
  const before = calls();
  const started = performance.now();
  const { result, counts } = await store.measure(async () => {
    // A pass: as many runs as it takes (one while it fits SYNC_PAGES_PER_RUN pages).
    let runs = 0;
    let written = 0;
    for (;;) {
      runs += 1;
      const run = await syncAccountStatuses({ store, accounts });
      written += run.written;
      if (run.passEnded) return { runs, written };
    }
  });
  const ms = performance.now() - started;
  console.log(
    `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  ${String(result.runs).padStart(2)} run(s)  ` +
      `${String(calls() - before).padStart(3)} provider calls  ${String(counts.reads).padStart(5)} reads  ` +
      `${String(counts.writes).padStart(5)} writes  ${String(result.written).padStart(4)} records changed`,
  );
}

async function inMemory(size: number): Promise<void> {
  const provider = createInMemoryIdentityAdmin();
  const store = countingStore(createSqliteStore({ filename: ':memory:' }));
  for (let i = 0; i < size; i++) {
    const uid = uidOf(i);
    provider.accounts.set(uid, {
      uid,
      email: `${uid}@example.com`,
      password: 'x',
      displayName: 'x',
      emailVerified: true,
    });
    await store.set(COLLECTIONS.users, uid, { id: uid, email: `${uid}@example.com`, role: 'applicant' });
  }
  const calls = () => provider.calls.get('listAccounts') ?? 0;
  console.log(`${size.toLocaleString('en')} accounts (in-memory provider, SQLite):`);
  await measure('first pass', store, provider, calls);
  await measure('unchanged', store, provider, calls);
  for (let i = 0; i < size; i += 100) provider.setDisabled(uidOf(i), true);
  await measure('1% disabled since', store, provider, calls);
  await store.close();
}

async function emulator(): Promise<void> {
  const port = 19_500 + PORT_OFFSET;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-account-sync-'));
  const running = await startAuthEmulator({ port, projectId: 'demo-bench', dataDir, persist: false });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: 'demo-bench' }, 'bench-account-sync');
  try {
    const auth = getAuth(app);
    for (let start = 0; start < EMULATOR_ACCOUNTS; start += 1000) {
      const users = Array.from({ length: 1000 }, (_, i) => ({
        uid: uidOf(start + i),
        email: `${uidOf(start + i)}@example.com`,
      }));
      await auth.importUsers(users);
    }
    const admin = createFirebaseIdentityAdmin(app);
    let listCalls = 0;
    const counted: IdentityAdmin = {
      ...admin,
      listAccounts: (options) => {
        listCalls += 1;
        return admin.listAccounts(options);
      },
    };
    const store = countingStore(createSqliteStore({ filename: ':memory:' }));
    console.log(`${EMULATOR_ACCOUNTS.toLocaleString('en')} accounts (Firebase Auth emulator, SQLite):`);
    await measure('first pass', store, counted, () => listCalls);
    await measure('unchanged', store, counted, () => listCalls);
    await store.close();
  } finally {
    await deleteApp(app);
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const size of SIZES) await inMemory(size);
  await emulator();
}

void main();
