import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { startPortalProcess } from '../tools/portal-process';
import { idToken } from './support/applications';
import {
  FIRESTORE_LAUNCHER_TEST_AUTH_EMULATOR_PORT as AUTH_PORT,
  FIRESTORE_LAUNCHER_TEST_FIRESTORE_EMULATOR_PORT as FIRESTORE_PORT,
  FIRESTORE_LAUNCHER_TEST_PORT as PORT,
} from './support/ports';

/** `npm start` with PORTAL_STORE=firestore-emulator; runs in the browser tests' pass on the Firestore emulator. */
test.skip(process.env.PORTAL_STORE !== 'firestore-emulator', 'runs with PORTAL_STORE=firestore-emulator');
test.describe.configure({ timeout: 240_000 });

const pgrep = (...args: string[]) => {
  try {
    return execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};
const emulatorsOn = (port: number) => pgrep('-f', `cloud-firestore-emulator.*--port ${port}`);
const processGroup = (pid: string | number) =>
  execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim();

/**
 * Ctrl-C as a terminal sends it: to the launcher (the node process under the tsx wrapper, signalled
 * directly so tsx's signal relay cannot race it) and not to the emulator, which runs in a process
 * group of its own so the launcher can save its data before stopping it.
 */
async function ctrlC(portal: Awaited<ReturnType<typeof startPortalProcess>>): Promise<number | null> {
  const [launcher] = pgrep('-P', String(portal.pid));
  const [emulator] = emulatorsOn(FIRESTORE_PORT);
  expect(processGroup(emulator!)).not.toBe(processGroup(launcher!));
  process.kill(Number(launcher), 'SIGINT');
  return portal.stop('SIGCONT'); // a no-op signal: waits for the launcher's own exit
}

test('npm start on the Firestore emulator: the API runs on it, and a Ctrl-C keeps the data and leaves nothing behind', async ({
  playwright,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-launcher-firestore-'));
  const start = () =>
    startPortalProcess({
      port: PORT,
      authEmulatorPort: AUTH_PORT,
      firestoreEmulatorPort: FIRESTORE_PORT,
      dataDir,
    });

  const first = await start();
  expect(first.output()).toContain(`store: Cloud Firestore emulator at 127.0.0.1:${FIRESTORE_PORT}`);
  expect(first.output()).toContain('(demo data seeded)');
  const health = (await (await fetch(`${first.url}/api/health`)).json()) as { store: string };
  expect(health.store).toBe('firestore-emulator');
  const token = await idToken(
    await playwright.request.newContext({ baseURL: first.url }),
    'applicant@example.com',
    'demo-password-123',
  );
  const started = await fetch(`${first.url}/api/responses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ formId: 'demo-form-spring' }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: string };

  expect(await ctrlC(first)).toBe(0);
  expect(emulatorsOn(FIRESTORE_PORT)).toEqual([]);

  const second = await start();
  try {
    expect(second.output()).not.toContain('(demo data seeded)');
    const again = await idToken(
      await playwright.request.newContext({ baseURL: second.url }),
      'applicant@example.com',
      'demo-password-123',
    );
    const kept = await fetch(`${second.url}/api/responses/${id}`, { headers: { Authorization: `Bearer ${again}` } });
    expect(kept.status).toBe(200);
  } finally {
    expect(await ctrlC(second)).toBe(0);
  }
  expect(emulatorsOn(FIRESTORE_PORT)).toEqual([]);
});
