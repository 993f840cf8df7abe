import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import * as functionsLogger from 'firebase-functions/logger';
import pino from 'pino';
import request from 'supertest';
import { healthSchema } from '@portal/shared/domain';
import { buildFunctions } from '../../tools/build-functions';
import { createProductionApp } from './compose/production';
import { ADAPTERS_MISSING_MESSAGE, createProductionAdapters } from './compose/production-adapters';
import { createLocalFileStore } from './files/local-file-store';
import { createInMemoryIdentityAdmin } from './identity/in-memory-identity-admin';
import { api } from './index';
import type { DocumentStore } from './store/document-store';
import { createSqliteStore } from './store/sqlite-store';

jest.mock('firebase-functions/logger', () => ({
  ...jest.requireActual('firebase-functions/logger'),
  error: jest.fn(),
}));

const LIB_DIR = path.resolve(__dirname, '../lib');

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

  it('exports api as an HTTPS function in us-central1 when loaded by Node', () => {
    const probe = `const { api } = require(process.argv[1]);
      console.log(JSON.stringify({ type: typeof api, endpoint: api.__endpoint }));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', probe, outfile], { encoding: 'utf8' }));
    expect(loaded.type).toBe('function');
    expect(loaded.endpoint.httpsTrigger).toBeDefined();
    expect(loaded.endpoint.region).toEqual(['us-central1']);
    expect(loaded.endpoint).toMatchObject({ availableMemoryMb: 512, timeoutSeconds: 60 });
  });

  it('bundles the unpublished shared package and leaves out the local SQLite adapter', () => {
    const code = readFileSync(outfile, 'utf8');
    expect(code).not.toContain('better-sqlite3');
    expect(code).not.toMatch(/require\(["']@portal\/shared/);
    expect(code).toMatch(/require\(["']firebase-functions\/v2\/https["']\)/);
  });
});

describe('createProductionApp', () => {
  let store: DocumentStore;
  let filesDir: string;
  beforeEach(() => {
    store = createSqliteStore({ filename: ':memory:' });
    filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-production-test-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('builds the API over the given adapters and reports the Firestore store', async () => {
    const app = createProductionApp(
      { store, files: createLocalFileStore({ root: filesDir }) },
      {
        identity: { verifyIdToken: async (token) => ({ uid: `uid-of-${token}`, email: null, emailVerified: false }) },
        accounts: createInMemoryIdentityAdmin(),
        logger: pino({ level: 'silent' }),
      },
    );
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(200);
    expect(healthSchema.parse(health.body).store).toBe('firestore');

    const session = await request(app).get('/api/session').set('Authorization', 'Bearer abc');
    expect(session.body.identity.uid).toBe('uid-of-abc');
  });
});

describe('the api function until the production adapters exist', () => {
  it('says plainly why there is no storage', () => {
    expect(createProductionAdapters).toThrow(
      'Production storage adapters are not configured yet: the Firestore and Cloud Storage adapters arrive with the production issue',
    );
  });

  it('answers 500 and logs that reason', async () => {
    const host = express();
    host.use((req, res) => api(Object.assign(req, { rawBody: Buffer.alloc(0) }), res));
    const res = await request(host).get('/api/health');
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('Firestore');
    expect(functionsLogger.error).toHaveBeenCalledWith(
      'Unhandled error',
      expect.objectContaining({ message: ADAPTERS_MISSING_MESSAGE }),
    );
  });
});
