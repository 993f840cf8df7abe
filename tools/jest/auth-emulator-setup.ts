import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { startAuthEmulator } from '../auth-emulator';
import { PORT_OFFSET } from '../port-offset';

export const TEST_AUTH_EMULATOR_PORT = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 19099 + PORT_OFFSET);

/** API tests verify real id tokens: one Auth emulator serves the whole functions test run. */
export default async function setup(): Promise<void> {
  const emulator = await startAuthEmulator({
    port: TEST_AUTH_EMULATOR_PORT,
    projectId: 'demo-portal-test',
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'portal-auth-test-')),
    persist: false,
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.TEST_AUTH_PROJECT_ID = 'demo-portal-test';
  (globalThis as { __AUTH_EMULATOR__?: typeof emulator }).__AUTH_EMULATOR__ = emulator;
}
