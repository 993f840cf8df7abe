import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createApp, type AppDeps } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { IdentityVerifier } from '../identity/identity-verifier';
import type { DocumentStore } from '../store/document-store';
import { createSqliteStore } from '../store/sqlite-store';
import { GENEROUS_RATE_LIMITS, PRODUCTION_RATE_LIMITS, rateLimitedMessage, type RateLimits } from './rate-limit';

const verifier: IdentityVerifier = {
  async verifyIdToken(token) {
    if (!token.startsWith('token-')) throw new Error('unknown token');
    const uid = token.slice('token-'.length);
    return { uid, email: `${uid}@example.com`, emailVerified: true };
  },
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const SMALL: RateLimits = {
  auth: { limit: 2, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 2, windowMs: FIFTEEN_MINUTES },
};
const RATE_LIMITED = {
  error: { code: 'rate-limited', message: 'Too many attempts; try again in 15 minutes' },
};

let tempDir: string;
let store: DocumentStore;
beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-rate-limit-test-'));
});
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));
beforeEach(() => {
  store = createSqliteStore({ filename: ':memory:' });
});
afterEach(() => store.close());

function buildApp(overrides: Partial<AppDeps> = {}) {
  return createApp({
    store,
    files: createLocalFileStore({ root: tempDir }),
    identity: verifier,
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName: 'sqlite',
    version: 'test',
    ...overrides,
  });
}

let counter = 0;
const registration = () => {
  counter += 1;
  return { email: `person${counter}@example.com`, password: 'password-123', firstName: 'Ada', lastName: 'Lovelace' };
};

describe('rate limits on the auth routes (per client IP)', () => {
  it('answers 429 rate-limited with the wait and RateLimit/Retry-After headers once the limit is spent', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) {
      const ok = await request(app).post('/api/auth/register').send(registration());
      expect(ok.status).toBe(201);
      expect(ok.headers['ratelimit']).toMatch(new RegExp(`^"auth"; r=${1 - i}; t=\\d+$`));
      expect(ok.headers['ratelimit-policy']).toMatch(/^"auth"; q=2; w=900\b/);
    }
    const refused = await request(app).post('/api/auth/register').send(registration());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.headers['ratelimit']).toMatch(/^"auth"; r=0; t=\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('counts POST /auth/update with registrations, and also answers with a refused body', async () => {
    const app = buildApp({ rateLimits: SMALL });
    await request(app).post('/api/auth/update').set('Authorization', 'Bearer token-ada').send({});
    await request(app).post('/api/auth/register').send({});
    const refused = await request(app)
      .post('/api/auth/update')
      .set('Authorization', 'Bearer token-ada')
      .send({ email: 'ada@example.com', firstName: 'Ada', lastName: 'L' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
  });

  it('leaves other routes alone', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 3; i += 1) await request(app).post('/api/auth/register').send({});
    expect((await request(app).post('/api/auth/register').send({})).status).toBe(429);

    const health = await request(app).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['ratelimit']).toBeUndefined();
    const session = await request(app).get('/api/session').set('Authorization', 'Bearer token-ada');
    expect(session.status).toBe(200);
  });

  it('trusts no X-Forwarded-For by default (locally the browser is the peer): a forged one does not reset the limit', async () => {
    const app = buildApp({ rateLimits: SMALL });
    const from = (ip: string) => request(app).post('/api/auth/register').set('X-Forwarded-For', ip).send({});
    for (let i = 0; i < 2; i += 1) expect((await from(`203.0.113.${i}`)).status).toBe(400);
    const forged = await from('198.51.100.20');
    expect(forged.status).toBe(429);
    expect((await request(app).post('/api/auth/register').send(registration())).status).toBe(429);
  });

  it('behind one trusted proxy counts the address it appended, whatever the client put before it', async () => {
    const app = buildApp({ rateLimits: SMALL, trustedProxyHops: 1 });
    // What the API receives once the proxy has appended the real client's address.
    const via = (forwarded: string) =>
      request(app).post('/api/auth/register').set('X-Forwarded-For', forwarded).send({});
    for (let i = 0; i < 2; i += 1) expect((await via(`10.0.0.${i}, 203.0.113.7`)).status).toBe(400);
    expect((await via('198.51.100.99, 203.0.113.7')).status).toBe(429);
    expect((await via('203.0.113.7')).status).toBe(429);
    expect((await via('203.0.113.7, 198.51.100.20')).status).toBe(400);
  });

  it('behind two trusted proxies (Hosting, then the functions front end) counts the client before both', async () => {
    const app = buildApp({ rateLimits: SMALL, trustedProxyHops: 2 });
    const via = (forwarded: string) =>
      request(app).post('/api/auth/register').set('X-Forwarded-For', forwarded).send({});
    for (let i = 0; i < 2; i += 1) expect((await via(`forged-${i}, 203.0.113.7, 192.0.2.${i}`)).status).toBe(400);
    expect((await via('198.51.100.1, 203.0.113.7, 192.0.2.9')).status).toBe(429);
    expect((await via('203.0.113.7, 198.51.100.20, 192.0.2.9')).status).toBe(400);
  });

  it('shares the counts between instances over one store, as Cloud Functions instances share Firestore', async () => {
    const first = buildApp({ rateLimits: SMALL });
    const second = buildApp({ rateLimits: SMALL });
    expect((await request(first).post('/api/auth/register').send({})).status).toBe(400);
    expect((await request(second).post('/api/auth/register').send({})).status).toBe(400);
    expect((await request(first).post('/api/auth/register').send({})).status).toBe(429);
    expect((await request(second).post('/api/auth/register').send({})).status).toBe(429);
  });

  it('without configured limits uses generous ones that ordinary use never reaches', async () => {
    const app = buildApp();
    for (let i = 0; i < 30; i += 1) expect((await request(app).post('/api/auth/register').send({})).status).toBe(400);
    const last = await request(app).post('/api/auth/register').send({});
    expect(last.headers['ratelimit-policy']).toMatch(
      new RegExp(`^"auth"; q=${GENEROUS_RATE_LIMITS.auth.limit}; w=900\\b`),
    );
  });
});

describe('rate limits on file uploads (per user, else per IP)', () => {
  const upload = (app: ReturnType<typeof buildApp>, token?: string) => {
    const req = request(app)
      .post('/api/files/response-1/resume')
      .set('Content-Type', 'application/pdf')
      .set('X-File-Name', 'cv.pdf');
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(Buffer.from('%PDF-1.4\n'));
  };

  it('answers 429 once a signed-in user has spent the limit, while another user on the same IP may go on', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) expect((await upload(app, 'token-ada')).status).not.toBe(429);
    const refused = await upload(app, 'token-ada');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(refused.headers['retry-after']).toBeDefined();

    expect((await upload(app, 'token-bob')).status).not.toBe(429);
  });

  it('counts callers without a valid token by IP', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) expect((await upload(app)).status).toBe(401);
    expect((await upload(app)).status).toBe(429);
    // The signed-in user is counted apart from the anonymous attempts from the same address.
    expect((await upload(app, 'token-ada')).status).not.toBe(429);
  });

  it('does not count reading files or the auth routes', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 3; i += 1) await upload(app, 'token-ada');
    const read = await request(app).get('/api/files/some-file/meta').set('Authorization', 'Bearer token-ada');
    expect(read.status).not.toBe(429);
    expect((await request(app).post('/api/auth/register').send(registration())).status).toBe(201);
  });
});

describe('the limits and the message', () => {
  it('production allows 10 auth attempts and 30 uploads per 15 minutes', () => {
    expect(PRODUCTION_RATE_LIMITS).toEqual({
      auth: { limit: 10, windowMs: FIFTEEN_MINUTES },
      uploads: { limit: 30, windowMs: FIFTEEN_MINUTES },
    });
  });

  it.each([
    [FIFTEEN_MINUTES, 'Too many attempts; try again in 15 minutes'],
    [14 * 60 * 1000 + 1, 'Too many attempts; try again in 15 minutes'],
    [60 * 1000, 'Too many attempts; try again in 1 minute'],
    [5_000, 'Too many attempts; try again in 1 minute'],
    [0, 'Too many attempts; try again in 1 minute'],
  ])('after %i ms says %j', (ms, message) => {
    expect(rateLimitedMessage(ms)).toBe(message);
  });
});
