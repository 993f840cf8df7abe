import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { healthSchema, type User } from '@portal/shared/domain';
import { COLLECTIONS } from './store/collections';
import type { IdentityVerifier, VerifiedIdentity } from './identity/identity-verifier';
import type { DocumentStore } from './store/document-store';
import { appOnSqlite } from './testing/app-on-sqlite';
import { userRecord } from './users/users.repository';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from './users/privacy-notice';

const ADA: VerifiedIdentity = { uid: 'ada', email: 'ada@example.com', emailVerified: true };
const TOKENS: Record<string, VerifiedIdentity> = { 'token-ada': ADA };

const fakeVerifier: IdentityVerifier = {
  async verifyIdToken(token) {
    const identity = TOKENS[token];
    if (!identity) throw new Error(`unknown token ${token}`);
    return identity;
  },
};

const STACK_TRACE = /\n\s+at |\.[jt]s:\d+/;

const onSqlite = appOnSqlite({ identity: fakeVerifier, version: '1.2.3' });
const buildApp = onSqlite.build;

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const logsFlushed = () => new Promise((resolve) => setImmediate(resolve));

function expectApiError(res: request.Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.text).not.toMatch(STACK_TRACE);
}

describe('health', () => {
  it('answers 200 with the health contract, naming the store and version', async () => {
    const res = await request(buildApp()).get('/api/health');
    expect(res.status).toBe(200);
    expect(healthSchema.parse(res.body)).toMatchObject({ status: 'ok', store: 'sqlite', version: '1.2.3' });
  });

  it('is not logged on every poll, while other requests are', async () => {
    const { logger, lines } = capturingLogger();
    const app = buildApp({ logger });
    await request(app).get('/api/health');
    await logsFlushed();
    expect(lines).toEqual([]);
    await request(app).get('/api/session');
    await logsFlushed();
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
  });
});

describe('routing', () => {
  it('answers an unknown /api route with a 404 not-found error', async () => {
    const res = await request(buildApp()).get('/api/no-such-thing');
    expectApiError(res, 404, 'not-found');
    expect(res.body.error.message).toContain('/api/no-such-thing');
  });

  it('leaves paths outside /api to whatever it is mounted in', async () => {
    const parent = express();
    parent.use(buildApp());
    parent.use((_req, res) => {
      res.status(299).send('parent answered');
    });
    for (const url of ['/', '/apply/f/x', '/apiary', '/index.html']) {
      const res = await request(parent).get(url);
      expect({ url, status: res.status, text: res.text }).toEqual({ url, status: 299, text: 'parent answered' });
    }
    expect((await request(parent).get('/api/nope')).status).toBe(404);
  });
});

describe('request bodies', () => {
  it('rejects malformed JSON with a 400 that says so', async () => {
    const res = await request(buildApp()).post('/api/session').set('Content-Type', 'application/json').send('{"a":');
    expectApiError(res, 400, 'invalid-request');
    expect(res.body.error.message).toBe('Request body is not valid JSON');
  });

  it('rejects a body that is not declared as JSON with a 415', async () => {
    const res = await request(buildApp()).post('/api/session').set('Content-Type', 'text/plain').send('hello');
    expectApiError(res, 415, 'unsupported-media-type');
  });

  it('rejects a JSON body over 1 MB with a 413', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const res = await request(buildApp()).post('/api/session').set('Content-Type', 'application/json').send(body);
    expectApiError(res, 413, 'payload-too-large');
  });
});

describe('response headers', () => {
  it('sends the security headers and no x-powered-by', async () => {
    const res = await request(buildApp()).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('marks API answers, errors included, as not cacheable', async () => {
    const app = buildApp();
    expect((await request(app).get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/api/nope')).headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/api/session')).headers['cache-control']).toBe('no-store');
  });

  it('computes no ETag for an answer nobody may cache', async () => {
    const app = buildApp();
    for (const path of ['/api/health', '/api/nope'])
      expect((await request(app).get(path)).headers.etag).toBeUndefined();
    const session = await request(app).get('/api/session').set('Authorization', 'Bearer token-ada');
    expect(session.status).toBe(200);
    expect(session.headers.etag).toBeUndefined();
  });
});

describe('GET /api/session', () => {
  it('answers 401 without a token', async () => {
    expectApiError(await request(buildApp()).get('/api/session'), 401, 'unauthenticated');
  });

  it.each(['Token token-ada', 'Bearer', 'Bearer ', 'Bearer token-ada extra', 'bearer token-ada'])(
    'answers 401 to the malformed Authorization header %j',
    async (header) => {
      const res = await request(buildApp()).get('/api/session').set('Authorization', header);
      expectApiError(res, 401, 'unauthenticated');
      expect(res.body.error.message).toContain('Bearer');
    },
  );

  it('answers 401 to a token the verifier rejects', async () => {
    const res = await request(buildApp()).get('/api/session').set('Authorization', 'Bearer forged-token');
    expectApiError(res, 401, 'unauthenticated');
  });

  it('leaves routes that need no identity open to a caller with a rejected token', async () => {
    const res = await request(buildApp()).get('/api/health').set('Authorization', 'Bearer forged-token');
    expect(res.status).toBe(200);
  });

  it('answers the verified identity and no user before registration (and the privacy notice in force)', async () => {
    const res = await request(buildApp()).get('/api/session').set('Authorization', 'Bearer token-ada');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ identity: ADA, user: null, privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION });
  });

  it('answers the user record once it exists', async () => {
    const user: User = {
      id: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'applicant',
      activeApplications: [],
    };
    await onSqlite.store().set(COLLECTIONS.users, user.id, userRecord(user));
    const res = await request(buildApp()).get('/api/session').set('Authorization', 'Bearer token-ada');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ identity: ADA, user, privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION });
  });

  it('keeps bearer tokens out of the logs', async () => {
    const { logger, lines } = capturingLogger();
    await request(buildApp({ logger })).get('/api/session').set('Authorization', 'Bearer token-ada');
    await logsFlushed();
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('token-ada');
  });

  it('logs each request once with its method, path, status, time and client address, and no header or query value', async () => {
    const { logger, lines } = capturingLogger();
    await request(buildApp({ logger }))
      .get('/api/session?x=value-secret&x=2&search=ada%40example.com')
      .set('Authorization', 'Bearer token-ada')
      .set('X-Firebase-AppCheck', 'app-check-secret')
      .set('User-Agent', 'agent-secret');
    await logsFlushed();
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({
        level: 30,
        req: { method: 'GET', url: '/api/session?x&search' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        clientIp: expect.any(String),
      }),
    ]);
    for (const secret of ['token-ada', 'app-check-secret', 'agent-secret', 'value-secret', 'ada%40example.com'])
      expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it("logs an answer of 500 as an error, with the route's own line carrying the request", async () => {
    const { logger, lines } = capturingLogger();
    const failingStore: DocumentStore = { ...onSqlite.store(), get: () => Promise.reject(new Error('store down')) };
    await request(buildApp({ store: failingStore, logger }))
      .get('/api/session')
      .set('Authorization', 'Bearer token-ada');
    await logsFlushed();
    expect(lines.find((line) => line.msg === 'request errored')).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect(lines.find((line) => line.msg === 'unhandled error')).toMatchObject({
      reqId: expect.any(Number),
      req: { method: 'GET', url: '/api/session' },
    });
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic message and log the cause', async () => {
    const { logger, lines } = capturingLogger();
    const failingStore: DocumentStore = {
      ...onSqlite.store(),
      get: () => Promise.reject(new Error('disk on fire at /var/secret/portal.db')),
    };
    const res = await request(buildApp({ store: failingStore, logger }))
      .get('/api/session')
      .set('Authorization', 'Bearer token-ada');
    expectApiError(res, 500, 'internal');
    expect(res.text).not.toContain('disk on fire');
    expect(res.text).not.toContain('/var/secret');
    await logsFlushed();
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 50, err: { message: 'disk on fire at /var/secret/portal.db' } });
  });
});
