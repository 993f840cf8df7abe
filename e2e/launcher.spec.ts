import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startPortalProcess } from '../tools/portal-process';
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

test('a bad setting stops the start with a clear message', async () => {
  await expect(startPortalProcess({ port: 0, authEmulatorPort: AUTH_PORT })).rejects.toThrow(
    /Invalid configuration:[\s\S]*PORT/,
  );
});
