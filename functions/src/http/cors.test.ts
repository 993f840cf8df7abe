import pino from 'pino';
import request from 'supertest';
import { createApp, type AppDeps } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { AppCheckVerifier } from './app-check';
import type { DocumentStore } from '../store/document-store';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../users/privacy-notice';
import { testSqliteStore } from '../testing/test-store';

const ALLOWED = 'https://portal.example.org';
const OTHER = 'https://evil.example.com';

let store: DocumentStore;
beforeEach(() => {
  store = testSqliteStore();
});
afterEach(() => store.close());

function buildApp(overrides: Partial<AppDeps> = {}) {
  return createApp({
    store,
    files: createLocalFileStore({ root: '/nonexistent' }),
    identity: { verifyIdToken: async (token) => ({ uid: token, email: null, emailVerified: false }) },
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName: 'sqlite',
    version: 'test',
    ...overrides,
  });
}

const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

const preflight = (app: ReturnType<typeof buildApp>, origin: string) =>
  request(app)
    .options('/api/auth/register')
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'content-type,authorization');

describe('CORS with allowed origins', () => {
  const allowedOrigins = [ALLOWED, 'https://staging.example.org'];

  it('gives a listed origin Access-Control-Allow-Origin, without credentials', async () => {
    const res = await request(buildApp({ allowedOrigins })).get('/api/health').set('Origin', ALLOWED);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Origin/);
  });

  it('answers a preflight from a listed origin 204 with the methods and headers, before App Check', async () => {
    const appCheck: AppCheckVerifier = { verifyToken: () => Promise.reject(new Error('no token')) };
    const res = await preflight(buildApp({ allowedOrigins, appCheck }), ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/);
    expect(res.headers['access-control-allow-headers']).toMatch(/X-Firebase-AppCheck/);
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('gives any other origin no CORS headers, and refuses its preflight', async () => {
    const app = buildApp({ allowedOrigins });
    const simple = await request(app).get('/api/health').set('Origin', OTHER);
    expect(corsHeaders(simple.headers)).toEqual([]);

    const refused = await preflight(app, OTHER);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect(corsHeaders(refused.headers)).toEqual([]);

    // Nor does a look-alike of a listed origin match.
    const lookalike = await preflight(app, `${ALLOWED}.evil.example.com`);
    expect(corsHeaders(lookalike.headers)).toEqual([]);
  });

  it('still answers same-origin calls (no Origin header) as usual', async () => {
    const res = await request(buildApp({ allowedOrigins })).get('/api/health');
    expect(res.status).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('CORS without allowed origins (local mode, the default)', () => {
  it('sends no CORS headers to anyone, and refuses every preflight', async () => {
    const app = buildApp();
    const cross = await request(app).get('/api/health').set('Origin', ALLOWED);
    expect(cross.status).toBe(200);
    expect(corsHeaders(cross.headers)).toEqual([]);
    const refused = await preflight(app, ALLOWED);
    expect(refused.status).toBe(403);
    expect(corsHeaders(refused.headers)).toEqual([]);
  });

  it('serves same-origin calls, including a browser POST that names its own origin', async () => {
    const app = buildApp();
    const res = await request(app).post('/api/auth/register').set('Origin', 'http://127.0.0.1:8080').send({
      email: 'a@example.com',
      password: 'password-123',
      firstName: 'A',
      lastName: 'B',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    });
    expect(res.status).toBe(201);
  });
});
