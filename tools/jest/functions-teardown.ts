import type { RunningFirestoreEmulator } from '../firestore-emulator';
import authEmulatorTeardown from './auth-emulator-teardown';

export default async function teardown(): Promise<void> {
  const firestore = (globalThis as { __FIRESTORE_EMULATOR__?: RunningFirestoreEmulator }).__FIRESTORE_EMULATOR__;
  await Promise.all([authEmulatorTeardown(), firestore?.stop()]);
}
