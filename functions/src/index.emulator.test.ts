import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import * as functionsLogger from 'firebase-functions/logger';
import * as params from 'firebase-functions/params';
import pino from 'pino';
import request from 'supertest';
import { DEFAULT_PRIVACY_NOTICE_VERSION, healthSchema } from '@portal/shared/domain';
import { buildFunctions, externalDependencies } from '../../tools/build-functions';
import { API_CONCURRENCY, API_MAX_INSTANCES, API_MEMORY_MB, API_MIN_INSTANCES, PORTAL_REGION } from './compose/params';
import { assertNoEmulatorHosts, createProductionApp } from './compose/production';
import { createLocalFileStore } from './files/local-file-store';
import { APP_CHECK_HEADER, type AppCheckVerifier } from './http/app-check';
import type { RateLimits } from './http/rate-limit';
import { createInMemoryIdentityAdmin } from './identity/in-memory-identity-admin';
import { accountSync, api, outboxSender, scheduledWork } from './index';
import type { DocumentStore } from './store/document-store';
import { testSqliteStore } from './testing/test-store';

jest.mock('firebase-functions/logger', () => ({
  ...jest.requireActual('firebase-functions/logger'),
  error: jest.fn(),
}));

const LIB_DIR = path.resolve(__dirname, '../lib');
const FUNCTIONS_MANIFEST = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
};

describe('the built Cloud Function bundle', () => {
  let outdir: string;
  let outfile: string;

  beforeAll(async () => {
    mkdirSync(LIB_DIR, { recursive: true });
    // Inside functions/lib, so the bundle resolves its external dependencies as it will when deployed.
    outdir = mkdtempSync(path.join(LIB_DIR, '.test-build-'));
    ({ outfile } = await buildFunctions({ outdir }));
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('exports api as an HTTPS function whose region and sizes are params, when loaded by Node', () => {
    const probe = `const { api } = require(process.argv[1]);
      console.log(JSON.stringify({ type: typeof api, endpoint: api.__endpoint }));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', probe, outfile], { encoding: 'utf8' }));
    expect(loaded.type).toBe('function');
    expect(loaded.endpoint.httpsTrigger).toBeDefined();
    // A param serialises as its reference; the CLI resolves it at deploy.
    expect(loaded.endpoint).toMatchObject({
      region: 'params.PORTAL_REGION',
      availableMemoryMb: 'params.API_MEMORY_MB',
      cpu: 1,
      concurrency: 'params.API_CONCURRENCY',
      minInstances: 'params.API_MIN_INSTANCES',
      maxInstances: 'params.API_MAX_INSTANCES',
      timeoutSeconds: 60,
    });
  });

  it('bundles the unpublished shared package and leaves out the local SQLite adapter', () => {
    const code = readFileSync(outfile, 'utf8');
    expect(code).not.toContain('better-sqlite3');
    expect(code).not.toMatch(/require\(["']@portal\/shared/);
    expect(code).toMatch(/require\(["']firebase-functions\/v2\/https["']\)/);
  });

  it('requires at run time only Node built-ins and the runtime dependencies npm installs', () => {
    const code = readFileSync(outfile, 'utf8');
    const required = new Set([...code.matchAll(/\brequire\(["']([^"'./][^"']*)["']\)/g)].map(([, name]) => name!));
    const packageOf = (name: string) =>
      name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    const builtins = new Set(builtinModules);
    const packages = [...required].filter((name) => !name.startsWith('node:') && !builtins.has(packageOf(name)));
    const runtime = Object.keys(FUNCTIONS_MANIFEST.dependencies);
    expect(new Set(packages.map(packageOf))).toEqual(new Set(runtime));
  });

  it('keeps the workspace and local-only packages out of the deployed dependencies', () => {
    expect(externalDependencies()).toEqual(Object.keys(FUNCTIONS_MANIFEST.dependencies));
    for (const name of ['@portal/shared', 'better-sqlite3', 'compression', 'http-proxy-middleware']) {
      expect(FUNCTIONS_MANIFEST.dependencies).not.toHaveProperty(name);
      expect(FUNCTIONS_MANIFEST.devDependencies).toHaveProperty(name);
    }
  });
});

describe('the api function in source', () => {
  it('is an HTTPS function whose options come from params', () => {
    const endpoint = (api as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.httpsTrigger).toBeDefined();
    expect(endpoint).toMatchObject({
      region: PORTAL_REGION,
      availableMemoryMb: API_MEMORY_MB,
      cpu: 1,
      concurrency: API_CONCURRENCY,
      minInstances: API_MIN_INSTANCES,
      maxInstances: API_MAX_INSTANCES,
      timeoutSeconds: 60,
    });
    expect(PORTAL_REGION.toCEL()).toBe('{{ params.PORTAL_REGION }}');
    // Every param the function reads is declared, so the CLI asks for (or defaults) each one.
    const declared = params.declaredParams.map((param) => param.name).sort();
    expect(declared).toEqual([
      'ALLOWED_ORIGINS',
      'API_CONCURRENCY',
      'API_MAX_INSTANCES',
      'API_MEMORY_MB',
      'API_MIN_INSTANCES',
      'APP_CHECK_ENFORCED',
      'PORTAL_CHAPTER_NAME',
      'PORTAL_CHAPTER_TIME_ZONE',
      'PORTAL_PRIVACY_NOTICE_TEXT',
      'PORTAL_PRIVACY_NOTICE_URL',
      'PORTAL_PRIVACY_NOTICE_VERSION',
      'PORTAL_REGION',
      'PORTAL_URL',
      'STORAGE_BUCKET',
      'TRUSTED_PROXY_HOPS',
    ]);
  });

  it('has the outbox sender as a scheduled function, every minute, in the same region', () => {
    const endpoint = (outboxSender as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint).toMatchObject({
      region: PORTAL_REGION,
      maxInstances: 1,
      timeoutSeconds: 120,
      scheduleTrigger: expect.objectContaining({ schedule: 'every 1 minutes' }),
    });
  });

  it('has the scheduler (scheduled releases, release messages, draft reminders) as a scheduled function, every minute, one instance', () => {
    const endpoint = (scheduledWork as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint).toMatchObject({
      region: PORTAL_REGION,
      maxInstances: 1,
      timeoutSeconds: 300,
      scheduleTrigger: expect.objectContaining({ schedule: 'every 1 minutes' }),
    });
  });

  it('has the account sync as a scheduled function of its own, every minute, one instance', () => {
    const endpoint = (accountSync as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint).toMatchObject({
      region: PORTAL_REGION,
      maxInstances: 1,
      timeoutSeconds: 60,
      scheduleTrigger: expect.objectContaining({ schedule: 'every 1 minutes' }),
    });
  });
});

describe('createProductionApp', () => {
  let store: DocumentStore;
  let filesDir: string;
  beforeEach(() => {
    store = testSqliteStore();
    filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-production-test-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const fakeAppCheck: AppCheckVerifier = {
    async verifyToken(token) {
      if (token !== 'valid-app-check-token') throw new Error('app-check/invalid-argument');
      return { appId: 'web-app' };
    },
  };
  const build = (appCheck: AppCheckVerifier | null, rateLimits?: RateLimits) =>
    createProductionApp(
      { store, files: createLocalFileStore({ root: filesDir }) },
      {
        identity: { verifyIdToken: async (token) => ({ uid: `uid-of-${token}`, email: null, emailVerified: false }) },
        accounts: createInMemoryIdentityAdmin(),
        logger: pino({ level: 'silent' }),
        appCheck,
        ...(rateLimits ? { rateLimits } : {}),
      },
    );

  it("keys rate limits on the client address behind the platform's two proxies, not on a forged one", async () => {
    const perMinute = { limit: 2, windowMs: 60_000 };
    const app = build(null, { signUp: perMinute, profile: perMinute, uploads: perMinute });
    // Hosting appends the client's address, the functions front end appends Hosting's.
    let count = 0;
    const via = (forged: string) =>
      request(app)
        .post('/api/auth/register')
        .set('X-Forwarded-For', `${forged}, 203.0.113.7, 192.0.2.1`)
        .send({
          email: `person${++count}@example.com`,
          password: 'password-123',
          firstName: 'A',
          lastName: 'B',
          privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
        });
    expect((await via('10.0.0.1')).status).toBe(201);
    expect((await via('10.0.0.2')).status).toBe(201);
    expect((await via('10.0.0.3')).status).toBe(429);
  });

  it('builds the API over the given adapters and reports the Firestore store', async () => {
    const app = build(null);
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(200);
    expect(healthSchema.parse(health.body).store).toBe('firestore');

    const session = await request(app).get('/api/session').set('Authorization', 'Bearer abc');
    expect(session.body.identity.uid).toBe('uid-of-abc');
  });

  it('with App Check on, refuses a request without a valid token and accepts one with it', async () => {
    const app = build(fakeAppCheck);
    const refused = { error: { code: 'app-check-failed', message: expect.any(String) } };

    const missing = await request(app).get('/api/session').set('Authorization', 'Bearer abc');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(refused);

    const invalid = await request(app)
      .get('/api/session')
      .set('Authorization', 'Bearer abc')
      .set(APP_CHECK_HEADER, 'forged');
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual(refused);

    const valid = await request(app)
      .get('/api/session')
      .set('Authorization', 'Bearer abc')
      .set(APP_CHECK_HEADER, 'valid-app-check-token');
    expect(valid.status).toBe(200);
    expect(valid.body.identity.uid).toBe('uid-of-abc');

    expect((await request(app).get('/api/health')).status).toBe(200);
  });
});

describe('the api function with a bad param', () => {
  const saved = process.env.APP_CHECK_ENFORCED;
  beforeEach(() => {
    process.env.APP_CHECK_ENFORCED = 'maybe';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.APP_CHECK_ENFORCED;
    else process.env.APP_CHECK_ENFORCED = saved;
  });

  it('answers 500 internal and logs which setting is wrong, request after request', async () => {
    const host = express();
    host.use((req, res) => api(Object.assign(req, { rawBody: Buffer.alloc(0) }), res));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await request(host).get('/api/health');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side' } });
    }
    expect(functionsLogger.error).toHaveBeenCalledTimes(2);
    expect(functionsLogger.error).toHaveBeenCalledWith('The API could not start', {
      message: expect.stringMatching(/^Invalid configuration:\n\s+APP_CHECK_ENFORCED: true or false/),
    });
  });
});

describe('the api function with an emulator host set', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  beforeEach(() => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    jest.mocked(functionsLogger.error).mockClear();
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  });

  it('refuses to start (firebase-admin would accept unsigned tokens): 500, and the log names the variable', async () => {
    const host = express();
    host.use((req, res) => api(Object.assign(req, { rawBody: Buffer.alloc(0) }), res));
    const res = await request(host).get('/api/health');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side' } });
    expect(functionsLogger.error).toHaveBeenCalledWith('The API could not start', {
      message: expect.stringContaining('FIREBASE_AUTH_EMULATOR_HOST'),
    });
  });
});

describe('assertNoEmulatorHosts', () => {
  it.each([
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'STORAGE_EMULATOR_HOST',
    'FIREBASE_DATABASE_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
    'FUNCTIONS_EMULATOR',
  ])('refuses %s', (name) => {
    expect(() => assertNoEmulatorHosts({ [name]: '127.0.0.1:1234' })).toThrow(
      new RegExp(`^Refusing to start in production with ${name} set`),
    );
  });

  it('accepts an environment without them, or with them empty', () => {
    expect(() => assertNoEmulatorHosts({ PORTAL_REGION: 'us-central1', FIRESTORE_EMULATOR_HOST: '' })).not.toThrow();
  });
});
