import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loadLocalConfig } from '../../functions/src/config';
import type { DocumentStore } from '../../functions/src/store/document-store';
import { createFirestoreStore } from '../../functions/src/store/firestore-store';
import { createSqliteStore, runIntegrityCheck } from '../../functions/src/store/sqlite-store';
import { startLocalFirestoreEmulator, pointAtFirestoreEmulator } from '../../tools/firestore-emulator';

/** The store the benches' portal runs on, as `npm start` reads it: PORTAL_STORE (default sqlite). */
export const BENCH_STORE = loadLocalConfig().PORTAL_STORE;
const PROJECT_ID = loadLocalConfig().PORTAL_PROJECT_ID;

/**
 * Writes into the store a portal started on `dataDir` will open: the SQLite file, or the Firestore
 * emulator's saved data (the emulator is started on `firestorePort`, written through the production
 * adapter, and its data saved where the launcher loads it from).
 */
export async function seedBenchStore(
  dataDir: string,
  firestorePort: number,
  write: (store: DocumentStore) => Promise<void>,
): Promise<void> {
  if (BENCH_STORE === 'sqlite') {
    const store = createSqliteStore({ filename: path.join(dataDir, 'portal.db') });
    try {
      await write(store);
    } finally {
      await store.close();
    }
    return;
  }
  const emulator = await startLocalFirestoreEmulator({
    port: firestorePort,
    projectId: PROJECT_ID,
    dataDir: path.join(dataDir, 'firestore'),
  });
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  pointAtFirestoreEmulator(emulator.host);
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-seed');
  const db = getFirestore(app);
  try {
    await write(createFirestoreStore(db));
  } finally {
    await db.terminate();
    await deleteApp(app);
    await emulator.stop({ exportData: true });
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  }
}

/** SQLite's integrity check of the file after the portal stopped; Firestore has no file to check. */
export function benchStoreIntegrity(dataDir: string): string {
  return BENCH_STORE === 'sqlite' ? runIntegrityCheck(path.join(dataDir, 'portal.db')) : 'ok';
}
