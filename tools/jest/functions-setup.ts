import authEmulatorSetup from './auth-emulator-setup';
import firestoreEmulatorSetup from './firestore-emulator-setup';

/** The functions tests' emulators, started side by side. */
export default async function setup(): Promise<void> {
  await Promise.all([authEmulatorSetup(), firestoreEmulatorSetup()]);
}
