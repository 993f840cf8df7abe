import type { RunningAuthEmulator } from '../auth-emulator';

export default async function teardown(): Promise<void> {
  await (globalThis as { __AUTH_EMULATOR__?: RunningAuthEmulator }).__AUTH_EMULATOR__?.stop();
}
