import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';
import { childrenOf, startPortalProcess } from '../tools/portal-process';
import { LAUNCHER_TEST_AUTH_EMULATOR_PORT as AUTH_PORT, LAUNCHER_TEST_PORT as PORT } from './support/ports';

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function processesMentioning(text: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', text], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return response.ok ? 'signed in' : `${response.status}: ${await response.text()}`;
}

test.describe.configure({ timeout: 240_000 });

test('npm start serves everything on one port, stops on Ctrl-C with nothing left behind, and keeps its data', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-launcher-'));

  const first = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  expect(first.url).toBe(`http://127.0.0.1:${PORT}`);
  expect(first.output()).toContain('(demo data seeded)');
  for (const email of ['applicant@example.com', 'reviewer@example.com', 'director@example.com']) {
    expect(first.output()).toContain(email);
  }
  expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  expect((await fetch(`${first.url}/`)).headers.get('content-type')).toContain('text/html');
  expect((await fetch(`${first.url}/applicant/remoteEntry.js`)).status).toBe(200);
  expect((await fetch(`${first.url}/admin/remoteEntry.js`)).status).toBe(200);
  // Demo accounts sign in through the same port; a new account is created to check it survives a restart.
  expect(await signIn(first.url, 'director@example.com', 'demo-password-123')).toBe('signed in');
  const signUp = await fetch(`${first.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'kept@example.com', password: 'kept-password-1', returnSecureToken: true }),
  });
  expect(signUp.status).toBe(200);

  expect(await first.stop('SIGINT')).toBe(0);
  expect(await portIsOpen(PORT)).toBe(false);
  expect(await portIsOpen(AUTH_PORT)).toBe(false);
  expect(processesMentioning(dataDir)).toEqual([]);

  const second = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  try {
    expect(second.output()).not.toContain('(demo data seeded)');
    expect(await signIn(second.url, 'kept@example.com', 'kept-password-1')).toBe('signed in');
  } finally {
    expect(await second.stop('SIGINT')).toBe(0);
  }
  expect(processesMentioning(dataDir)).toEqual([]);
});

const toolkit = (baseUrl: string, method: string) =>
  `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Signs in and answers what the identity provider says of the account ('verified' or 'unverified'), or why not. */
async function accountState(baseUrl: string, email: string, password: string): Promise<string> {
  try {
    const { idToken } = await post(toolkit(baseUrl, 'signInWithPassword'), {
      email,
      password,
      returnSecureToken: true,
    });
    const { users } = (await post(toolkit(baseUrl, 'lookup'), { idToken })) as { users: { emailVerified: boolean }[] };
    return users[0]?.emailVerified ? 'verified' : 'unverified';
  } catch (error) {
    return (error as Error).message;
  }
}

/** The pids of the launcher: the tsx wrapper and the node process it runs start.ts in. */
const launcherPids = (wrapperPid: number): number[] => [wrapperPid, ...childrenOf(wrapperPid)];

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a hard kill (SIGKILL) loses no account, and the next start takes over the emulator left running', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-launcher-kill-'));
  const first = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  // One account through the portal's sign-up, verified through the emailed link; one created
  // straight at the identity provider; a demo account whose password is changed.
  const registered = await fetch(`${first.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: 'survivor@example.com',
      password: 'survivor-pass-1',
      firstName: 'Sur',
      lastName: 'Vivor',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    }),
  });
  expect(registered.status).toBe(201);
  const { idToken } = await post(toolkit(first.url, 'signInWithPassword'), {
    email: 'survivor@example.com',
    password: 'survivor-pass-1',
    returnSecureToken: true,
  });
  await post(toolkit(first.url, 'sendOobCode'), { requestType: 'VERIFY_EMAIL', idToken });
  const codes = (await (await fetch(`${first.url}/emulator/v1/projects/demo-portal/oobCodes`)).json()) as {
    oobCodes: { email: string; oobCode: string }[];
  };
  const code = codes.oobCodes.find((each) => each.email === 'survivor@example.com')!.oobCode;
  await post(toolkit(first.url, 'update'), { oobCode: code });
  await post(toolkit(first.url, 'signUp'), { email: 'direct@example.com', password: 'direct-pass-1' });
  const demo = await post(toolkit(first.url, 'signInWithPassword'), {
    email: 'applicant@example.com',
    password: 'demo-password-123',
    returnSecureToken: true,
  });
  await post(toolkit(first.url, 'update'), { idToken: demo.idToken, password: 'changed-pass-1' });

  // kill -9 of the launcher: it cannot stop the emulator, which keeps running and holding its ports.
  for (const pid of launcherPids(first.pid)) process.kill(pid, 'SIGKILL');
  await waitUntil(async () => !(await portIsOpen(PORT)), 'the launcher is gone');
  expect(await portIsOpen(AUTH_PORT)).toBe(true);
  expect(processesMentioning(dataDir)).not.toEqual([]);

  const second = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  try {
    expect(second.output()).toContain('Taking over the Auth emulator left running');
    expect(await accountState(second.url, 'survivor@example.com', 'survivor-pass-1')).toBe('verified');
    expect(await accountState(second.url, 'direct@example.com', 'direct-pass-1')).toBe('unverified');
    expect(await accountState(second.url, 'applicant@example.com', 'changed-pass-1')).toBe('verified');
    // The user record and its account are still one: signing up again is refused, no second record.
    const again = await fetch(`${second.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'survivor@example.com',
        password: 'other-pass-1',
        firstName: 'S',
        lastName: 'V',
        privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
      }),
    });
    expect(again.status).toBe(409);

    // Now kill the launcher and the emulator both: the accounts were saved as they changed.
    await post(toolkit(second.url, 'signUp'), { email: 'late@example.com', password: 'late-pass-1' });
    const emulatorPids = processesMentioning(dataDir).map((line) => Number(line.split(' ')[0]));
    for (const pid of [...launcherPids(second.pid), ...emulatorPids]) process.kill(pid, 'SIGKILL');
    await waitUntil(async () => !(await portIsOpen(PORT)) && !(await portIsOpen(AUTH_PORT)), 'everything is gone');
  } finally {
    await second.stop('SIGKILL');
  }

  const third = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  try {
    expect(third.output()).not.toContain('(demo data seeded)');
    expect(await accountState(third.url, 'survivor@example.com', 'survivor-pass-1')).toBe('verified');
    expect(await accountState(third.url, 'direct@example.com', 'direct-pass-1')).toBe('unverified');
    expect(await accountState(third.url, 'late@example.com', 'late-pass-1')).toBe('unverified');
    expect(await accountState(third.url, 'applicant@example.com', 'changed-pass-1')).toBe('verified');
  } finally {
    expect(await third.stop('SIGINT')).toBe(0);
  }
  expect(processesMentioning(dataDir)).toEqual([]);
});

test('a portal too busy to take a stop signal at once still stops with its Auth emulator', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-launcher-busy-'));
  const portal = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_PORT, dataDir });
  // Frozen for half a second, as a portal under a bench's load can be: the signal waits for it.
  const portalPids = childrenOf(portal.pid);
  expect(portalPids).not.toEqual([]);
  for (const pid of portalPids) process.kill(pid, 'SIGSTOP');
  const stopped = portal.stop('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const pid of portalPids) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Already gone: killed while frozen, which is what this test is here to catch.
    }
  }
  expect(await stopped).toBe(0);
  expect(await portIsOpen(AUTH_PORT)).toBe(false);
  expect(processesMentioning(dataDir)).toEqual([]);
});

test('a bad setting stops the start with a clear message', async () => {
  await expect(startPortalProcess({ port: 0, authEmulatorPort: AUTH_PORT })).rejects.toThrow(
    /Invalid configuration:[\s\S]*PORT/,
  );
});
