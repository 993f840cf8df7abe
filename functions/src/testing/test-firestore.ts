import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearFirestoreEmulator, pointAtFirestoreEmulator } from '../../../tools/firestore-emulator';

/**
 * The Cloud Firestore emulator the jest global setup started (tools/jest/firestore-emulator-setup.ts),
 * or null where it is not installed (never in CI: there the setup fails instead).
 */
export const testFirestoreEmulatorHost = (): string | null => process.env.PORTAL_TEST_FIRESTORE_EMULATOR_HOST || null;

/** Why a Firestore-only test did not run, for its name. */
export const NO_FIRESTORE_EMULATOR = "Google's Cloud Firestore emulator is not installed";

export interface TestFirestore {
  db: Firestore;
  host: string;
  projectId: string;
  /** Deletes every document of this file's project. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * firebase-admin on the shared emulator, in a project of this test file's own (`demo-<name>`), so
 * files running side by side never see each other's documents.
 */
export function connectTestFirestore(name: string): TestFirestore {
  const host = testFirestoreEmulatorHost();
  if (!host) throw new Error(`${NO_FIRESTORE_EMULATOR}; check testFirestoreEmulatorHost() first`);
  // Read by firebase-admin when the Firestore client is created; each test file has its own process.env.
  pointAtFirestoreEmulator(host);
  const projectId = `demo-${name}`;
  const app = initializeApp({ projectId }, `test-firestore-${name}`);
  const db = getFirestore(app);
  return {
    db,
    host,
    projectId,
    clear: () => clearFirestoreEmulator(host, projectId),
    async close() {
      await db.terminate();
      await deleteApp(app);
    },
  };
}
