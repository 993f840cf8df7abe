import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import request from 'supertest';
import { createLocalFileStore } from '../files/local-file-store';
import { createFirebaseIdentityVerifier, getFirebaseAdminApp } from '../identity/firebase-identity';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { DocumentStore } from '../store/document-store';
import { createProductionApp } from './production';
import { testSqliteStore } from '../testing/test-store';

/**
 * The production composition keeps verifying signatures, audience and issuer: without the Auth
 * emulator variable its verifier is firebase-admin's, which refuses the emulator's unsigned tokens
 * and another project's tokens before it would fetch Google's keys (this machine has no network,
 * so a signature by a key that is not Google's is refused too, whatever the reason).
 */
const PROJECT = 'portal-production-test';
const issuer = (project: string) => `https://securetoken.google.com/${project}`;

const saved = { emulator: process.env.FIREBASE_AUTH_EMULATOR_HOST, project: process.env.GOOGLE_CLOUD_PROJECT };
let store: DocumentStore;
let filesDir: string;
beforeAll(() => {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.GOOGLE_CLOUD_PROJECT = PROJECT;
});
afterAll(() => {
  if (saved.emulator !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved.emulator;
  if (saved.project === undefined) delete process.env.GOOGLE_CLOUD_PROJECT;
  else process.env.GOOGLE_CLOUD_PROJECT = saved.project;
});
beforeEach(() => {
  store = testSqliteStore();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-production-identity-'));
});
afterEach(async () => {
  await store.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const claims = () => {
  const now = Math.floor(Date.now() / 1000);
  return { sub: `user-${randomUUID()}`, email: 'mallory@example.com', email_verified: true, auth_time: now };
};
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsaToken = (project: string) =>
  jwt.sign(claims(), privateKey, {
    algorithm: 'RS256',
    keyid: 'not-a-google-key',
    audience: project,
    issuer: issuer(project),
    expiresIn: 3600,
  });
const unsignedToken = (project: string) =>
  jwt.sign(claims(), null, {
    algorithm: 'none',
    keyid: 'not-a-google-key',
    audience: project,
    issuer: issuer(project),
    expiresIn: 3600,
  });

function productionApp() {
  return createProductionApp(
    { store, files: createLocalFileStore({ root: filesDir }) },
    {
      accounts: createInMemoryIdentityAdmin(),
      logger: pino({ level: 'silent' }),
      appCheck: null,
      allowedOrigins: [],
      trustedProxyHops: 0,
    },
  );
}

describe('the production composition', () => {
  it.each([
    ['an emulator-style unsigned token for the project', () => unsignedToken(PROJECT)],
    ["another project's token", () => rsaToken('another-project')],
    ["a token signed with a key that is not Google's", () => rsaToken(PROJECT)],
  ])('answers 401 to %s', async (_case, token) => {
    const res = await request(productionApp()).get('/api/session').set('Authorization', `Bearer ${token()}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'unauthenticated', message: 'Your session is not valid; sign in again' },
    });
  });

  it('refuses them for what they are: no signature, or the wrong audience and issuer', async () => {
    const verifier = createFirebaseIdentityVerifier(getFirebaseAdminApp());
    await expect(verifier.verifyIdToken(unsignedToken(PROJECT))).rejects.toThrow(/algorithm/);
    await expect(verifier.verifyIdToken(rsaToken('another-project'))).rejects.toThrow(/"aud"/);
    const sameKeyOtherIssuer = jwt.sign(claims(), privateKey, {
      algorithm: 'RS256',
      keyid: 'not-a-google-key',
      audience: PROJECT,
      issuer: issuer('another-project'),
      expiresIn: 3600,
    });
    await expect(verifier.verifyIdToken(sameKeyOtherIssuer)).rejects.toThrow(/"iss"/);
  });
});
