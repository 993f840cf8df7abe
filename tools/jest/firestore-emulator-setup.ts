import os from 'node:os';
import path from 'node:path';
import { firestoreEmulatorForTests, startFirestoreEmulator } from '../firestore-emulator';
import { PORT_OFFSET } from '../port-offset';

export const TEST_FIRESTORE_EMULATOR_PORT = Number(process.env.TEST_FIRESTORE_EMULATOR_PORT ?? 18482 + PORT_OFFSET);

/**
 * One Cloud Firestore emulator for the whole functions test run; each test file uses a project of
 * its own (so files never see each other's data) and clears it between tests. Without the emulator
 * (not in CI: there its absence fails the run) PORTAL_TEST_FIRESTORE_EMULATOR_HOST stays unset.
 */
export default async function setup(): Promise<void> {
  // The emulator here, and those of the portals the launcher tests start, run for short runs.
  process.env.FIRESTORE_EMULATOR_JVM ??= 'short-runs';
  const install = firestoreEmulatorForTests();
  if (!install) return;
  const emulator = await startFirestoreEmulator({
    port: TEST_FIRESTORE_EMULATOR_PORT,
    install,
    jvm: 'short-runs',
    // A run killed before its teardown leaves the emulator behind; the next run stops it first.
    pidFile: path.join(os.tmpdir(), `portal-test-firestore-emulator-${TEST_FIRESTORE_EMULATOR_PORT}.pid`),
  });
  process.env.PORTAL_TEST_FIRESTORE_EMULATOR_HOST = emulator.host;
  (globalThis as { __FIRESTORE_EMULATOR__?: typeof emulator }).__FIRESTORE_EMULATOR__ = emulator;
}
