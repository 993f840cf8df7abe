import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createApp, type AppDeps } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import { createLocalServer } from '../local/local-server';
import type { DocumentStore } from '../store/document-store';
import { APP_CHECK_FAILED_MESSAGE, APP_CHECK_HEADER, appCheckMiddleware, type AppCheckVerifier } from './app-check';
import { testSqliteStore } from '../testing/test-store';

const APP_CHECK_FAILED = { error: { code: 'app-check-failed', message: APP_CHECK_FAILED_MESSAGE } };

let root: string;
let store: DocumentStore;
let verified: string[];

const fakeAppCheck: AppCheckVerifier = {
  async verifyToken(token) {
    verified.push(token);
    if (token !== 'valid-app-check-token') throw new Error('app-check/invalid-argument');
    return { appId: '1:123:web:abc' };
  },
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-app-check-test-'));
  store = testSqliteStore();
  verified = [];
});
afterEach(async () => {
  await store.close();
  rmSync(root, { recursive: true, force: true });
});

function buildApp(overrides: Partial<AppDeps> = {}) {
  return createApp({
    store,
    files: createLocalFileStore({ root }),
    identity: {
      verifyIdToken: async (token) => ({ uid: `uid-of-${token}`, email: `${token}@example.com`, emailVerified: true }),
    },
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName: 'sqlite',
    version: 'test',
    ...overrides,
  });
}

describe('App Check on (a verifier is configured)', () => {
  it('refuses a request without the header, before identity is even looked at', async () => {
    const identity = { verifyIdToken: jest.fn() };
    const res = await request(buildApp({ appCheck: fakeAppCheck, identity }))
      .get('/api/session')
      .set('Authorization', 'Bearer ada');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(APP_CHECK_FAILED);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(identity.verifyIdToken).not.toHaveBeenCalled();
    expect(verified).toEqual([]);
  });

  it('refuses an invalid token', async () => {
    const res = await request(buildApp({ appCheck: fakeAppCheck }))
      .get('/api/session')
      .set(APP_CHECK_HEADER, 'forged')
      .set('Authorization', 'Bearer ada');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(APP_CHECK_FAILED);
    expect(verified).toEqual(['forged']);
  });

  it('refuses an overlong token without verifying it', async () => {
    const res = await request(buildApp({ appCheck: fakeAppCheck }))
      .get('/api/session')
      .set(APP_CHECK_HEADER, 'x'.repeat(5000));
    expect(res.body).toEqual(APP_CHECK_FAILED);
    expect(verified).toEqual([]);
  });

  it('refuses writes without a token too (registration carries only this header)', async () => {
    const res = await request(buildApp({ appCheck: fakeAppCheck }))
      .post('/api/auth/register')
      .send({ email: 'new@example.com', password: 'a-long-password', firstName: 'New', lastName: 'Person' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(APP_CHECK_FAILED);
  });

  it('passes a request with a valid token on to identity and the routes', async () => {
    const res = await request(buildApp({ appCheck: fakeAppCheck }))
      .get('/api/session')
      .set(APP_CHECK_HEADER, 'valid-app-check-token')
      .set('Authorization', 'Bearer ada');
    expect(res.status).toBe(200);
    expect(res.body.identity.uid).toBe('uid-of-ada');
    expect(verified).toEqual(['valid-app-check-token']);
  });

  it('lets GET /health through without a token', async () => {
    const res = await request(buildApp({ appCheck: fakeAppCheck })).get('/api/health');
    expect(res.status).toBe(200);
    expect(verified).toEqual([]);
  });

  it('does not exempt other methods or paths that merely start like health', async () => {
    const app = buildApp({ appCheck: fakeAppCheck });
    expect((await request(app).post('/api/health').send({})).body).toEqual(APP_CHECK_FAILED);
    expect((await request(app).get('/api/healthz')).body).toEqual(APP_CHECK_FAILED);
    expect((await request(app).get('/api/no-such-route')).body).toEqual(APP_CHECK_FAILED);
  });
});

describe('App Check off (local mode, tests)', () => {
  it('passes everything through when no verifier is configured', async () => {
    const res = await request(buildApp()).get('/api/session').set('Authorization', 'Bearer ada');
    expect(res.status).toBe(200);
    expect(res.body.identity.uid).toBe('uid-of-ada');
  });

  it('is a plain pass-through middleware for null', () => {
    const next = jest.fn();
    appCheckMiddleware(null)({} as never, {} as never, next);
    expect(next).toHaveBeenCalledWith();
  });

  it('the local server answers API requests that carry no App Check token', async () => {
    const bundle = (name: string) => path.join(root, name);
    const server = createLocalServer({
      api: buildApp(),
      bundles: { shell: bundle('shell'), applicant: bundle('applicant'), admin: bundle('admin') },
      authEmulatorOrigin: 'http://127.0.0.1:1',
    });
    const res = await request(server).get('/api/session').set('Authorization', 'Bearer ada');
    expect(res.status).toBe(200);
    expect(res.body.identity.uid).toBe('uid-of-ada');
  });
});
