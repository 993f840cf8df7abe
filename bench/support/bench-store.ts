import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loadLocalConfig } from '../../functions/src/config';
import type { DocumentStore } from '../../functions/src/store/document-store';
import { createFirestoreStore } from '../../functions/src/store/firestore-store';
import { createSqliteStore, runIntegrityCheck } from '../../functions/src/store/sqlite-store';
import { startLocalFirestoreEmulator, pointAtFirestoreEmulator } from '../../tools/firestore-emulator';
import { startWatchdog } from './watchdog';

/** The store the benches' portal runs on, as `npm start` reads it: PORTAL_STORE (default sqlite). */
export const BENCH_STORE = loadLocalConfig().PORTAL_STORE;
const PROJECT_ID = loadLocalConfig().PORTAL_PROJECT_ID;

/**
 * Opens the store a portal started on `dataDir` will open: the SQLite file, or the Firestore
 * emulator started on `firestorePort` with its saved data there, reached through the production
 * adapter (`appName`: the Firebase app's name). `close({ saveData: true })` saves the emulator's
 * data where the launcher loads it from.
 */
export async function openBenchStore(
  dataDir: string,
  firestorePort: number,
  appName: string,
): Promise<{ store: DocumentStore; close: (options?: { saveData?: boolean }) => Promise<void> }> {
  if (BENCH_STORE === 'sqlite') {
    const store = createSqliteStore({ filename: path.join(dataDir, 'portal.db') });
    return { store, close: () => store.close() };
  }
  const emulator = await startLocalFirestoreEmulator({
    port: firestorePort,
    projectId: PROJECT_ID,
    dataDir: path.join(dataDir, 'firestore'),
  });
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  pointAtFirestoreEmulator(emulator.host);
  const app = initializeApp({ projectId: PROJECT_ID }, appName);
  const db = getFirestore(app);
  return {
    store: createFirestoreStore(db),
    close: async (options) => {
      await db.terminate();
      await deleteApp(app);
      await emulator.stop({ exportData: options?.saveData ?? false });
      if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
    },
  };
}

/**
 * Runs `work` on a bench store (`openBenchStore`) in a temporary directory, under a watchdog of
 * `limitMs` (`bench:<name>`), then closes the store, removes the directory and stops the watchdog,
 * whatever happened.
 */
export async function withTemporaryBenchStore(
  name: string,
  options: { firestorePort: number; limitMs: number },
  work: (store: DocumentStore) => Promise<void>,
): Promise<void> {
  const stopWatchdog = startWatchdog(`bench:${name}`, options.limitMs);
  const dir = mkdtempSync(path.join(os.tmpdir(), `portal-bench-${name}-`));
  try {
    const { store, close } = await openBenchStore(dir, options.firestorePort, `bench-${name}`);
    try {
      await work(store);
    } finally {
      await close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    stopWatchdog();
  }
}

/** Writes into the store a portal started on `dataDir` will open (`openBenchStore`), its data saved. */
export async function seedBenchStore(
  dataDir: string,
  firestorePort: number,
  write: (store: DocumentStore) => Promise<void>,
): Promise<void> {
  const { store, close } = await openBenchStore(dataDir, firestorePort, 'bench-seed');
  try {
    await write(store);
  } finally {
    await close({ saveData: true });
  }
}

/** SQLite's integrity check of the file after the portal stopped; Firestore has no file to check. */
export function benchStoreIntegrity(dataDir: string): string {
  return BENCH_STORE === 'sqlite' ? runIntegrityCheck(path.join(dataDir, 'portal.db')) : 'ok';
}
