import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EMULATOR_PROCESS, startAuthEmulator, type RunningAuthEmulator } from '../../../tools/auth-emulator';
import { PORT_OFFSET } from '../../../tools/port-offset';

/**
 * The Auth emulator as `npm start` and the tests start it: firebase-tools' `AuthEmulator` in a
 * process of its own (tools/auth-emulator-process.cjs), without the command line's hub and logging
 * emulators (docs/decisions/auth-emulator-direct-start.md).
 */
const PORT = 19_160 + PORT_OFFSET;
const PROJECT = 'demo-direct-start';
const KEY = 'fake-api-key';

/**
 * A test starts up to two emulators one after the other, and `startAuthEmulator` gives a start up to
 * 90 s and a stop up to 25 s: the project's 20 s ran out on a loaded machine, and the emulator that
 * test went on to start held the port in the next test.
 */
jest.setTimeout(240_000);

let dataDir: string;
/** Every start of the test, done or still going: each one is stopped after the test, whatever its end. */
let starts: Promise<RunningAuthEmulator>[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-process-'));
});

afterEach(async () => {
  const started = await Promise.allSettled(starts);
  starts = [];
  await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => {
  const started = startAuthEmulator({ port: PORT, projectId: PROJECT, dataDir, persist: true });
  starts.push(started);
  return started;
};

const identityToolkit = (origin: string, operation: string, body: object) =>
  fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The command lines of this process's children. */
const childCommandLines = (): string[] =>
  readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));

test('serves sign-ups and sign-ins in its own process, with no hub or logging emulator beside it', async () => {
  const emulator = await start();
  expect(emulator.origin).toBe(`http://127.0.0.1:${PORT}`);
  const signUp = await identityToolkit(emulator.origin, 'signUp', {
    email: 'ada@example.com',
    password: 'first-password-1',
    returnSecureToken: true,
  });
  expect(signUp.status).toBe(200);
  const signIn = await identityToolkit(emulator.origin, 'signInWithPassword', {
    email: 'ada@example.com',
    password: 'first-password-1',
    returnSecureToken: true,
  });
  expect(signIn.status).toBe(200);
  expect(await signIn.json()).toMatchObject({ email: 'ada@example.com', registered: true });
  // firebase-tools' `emulators:start` put its hub and logging emulators on the next two ports.
  expect(await listening(PORT + 1)).toBe(false);
  expect(await listening(PORT + 2)).toBe(false);
  // The process names its config file: how a later start recognises one a killed launcher left.
  const config = path.join(dataDir, 'firebase.emulators.json');
  expect(childCommandLines().filter((line) => line.includes(config))).toEqual([
    `${process.execPath} ${EMULATOR_PROCESS} ${config} ${PROJECT}`,
  ]);
});

test('stops on request and frees its port; the next start imports the accounts saved', async () => {
  const first = await start();
  const signUp = await identityToolkit(first.origin, 'signUp', {
    email: 'grace@example.com',
    password: 'first-password-1',
    returnSecureToken: true,
  });
  const { localId } = (await signUp.json()) as { localId: string };
  await first.saveAccounts();
  await first.stop();
  expect(await listening(PORT)).toBe(false);

  const second = await start();
  const signIn = await identityToolkit(second.origin, 'signInWithPassword', {
    email: 'grace@example.com',
    password: 'first-password-1',
    returnSecureToken: true,
  });
  expect(signIn.status).toBe(200);
  expect(await signIn.json()).toMatchObject({ localId, email: 'grace@example.com' });
});

test('a start that cannot have its port says why', async () => {
  const first = await start();
  const otherDir = mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-process-'));
  try {
    await expect(
      startAuthEmulator({ port: PORT, projectId: PROJECT, dataDir: otherDir, persist: false }),
    ).rejects.toThrow(/The Auth emulator exited with code 1[\s\S]*EADDRINUSE/);
  } finally {
    rmSync(otherDir, { recursive: true, force: true });
  }
  // The first one is untouched.
  expect(await listening(PORT)).toBe(true);
  expect(first.origin).toBe(`http://127.0.0.1:${PORT}`);
});
