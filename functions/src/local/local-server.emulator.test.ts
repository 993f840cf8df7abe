import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import express, { type Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { healthSchema } from '@portal/shared/domain';
import { createApp } from '../app';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import { createLocalFileStore } from '../files/local-file-store';
import type { DocumentStore } from '../store/document-store';
import { pageContentSecurityPolicy, parsePolicy } from '../http/security-headers';
import {
  API_GZIP_LEVEL,
  API_GZIP_THRESHOLD,
  ASSET_GZIP_LEVEL,
  createLocalServer,
  type BundleDirs,
} from './local-server';
import { testSqliteStore } from '../testing/test-store';

const SHELL_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/main.abcdef1234.js"></script></body></html>';
const SHELL_MAIN = `console.log(${JSON.stringify('shell main '.repeat(1000))});`;
const APPLICANT_ENTRY = 'var applicantRemote = {};';
const ADMIN_ENTRY = 'var adminRemote = {};';
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface ReceivedByEmulator {
  method: string;
  url: string;
  body: string;
}

let root: string;
let store: DocumentStore;
let emulator: Server;
let received: ReceivedByEmulator[];
let api: Express;
let server: Express;
let bundles: BundleDirs;

function writeBundle(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-local-server-test-'));
  bundles = {
    shell: writeBundle(path.join(root, 'shell'), {
      'index.html': SHELL_HTML,
      'main.abcdef1234.js': SHELL_MAIN,
      'remotes.json': JSON.stringify({ applicant: '/applicant/remoteEntry.js', admin: '/admin/remoteEntry.js' }),
    }),
    applicant: writeBundle(path.join(root, 'applicant'), {
      'remoteEntry.js': APPLICANT_ENTRY,
      '12.0123456789.js': 'var chunk12 = 12;',
    }),
    admin: writeBundle(path.join(root, 'admin'), { 'remoteEntry.js': ADMIN_ENTRY }),
  };

  received = [];
  emulator = createServer(async (req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', body: await readBody(req) });
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ fakeEmulator: true }));
  });
  await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
  const { port } = emulator.address() as AddressInfo;

  store = testSqliteStore();
  api = createApp({
    store,
    files: createLocalFileStore({ root: path.join(root, 'files') }),
    identity: { verifyIdToken: () => Promise.reject(new Error('no identities in this test')) },
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName: 'sqlite',
    version: 'test',
  });
  server = createLocalServer({ api, bundles, authEmulatorOrigin: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await new Promise((resolve) => emulator.close(resolve));
  await store.close();
  rmSync(root, { recursive: true, force: true });
});

const navigate = (url: string) => request(server).get(url).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');

describe('pages', () => {
  it.each(['/', '/apply/f/x/y', '/admin', '/admin/dor/users'])(
    'serves the shell page for the navigation %s',
    async (url) => {
      const res = await navigate(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(SHELL_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends a content security policy that only allows own scripts', async () => {
    const res = await navigate('/apply/f/x/y');
    const policy = res.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each(['/', '/index.html', '/admin/dor/users', '/main.abcdef1234.js', '/applicant/remoteEntry.js'])(
    'sends exactly the local page policy on %s',
    async (url) => {
      const res = await navigate(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toBe(pageContentSecurityPolicy({ mode: 'local' }));
      const policy = parsePolicy(res.headers['content-security-policy']!);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
    },
  );

  it('keeps the stricter API policy on API answers', async () => {
    const res = await request(server).get('/api/health');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('adds configured remote origins to script-src', () => {
    const withRemotes = createLocalServer({
      api,
      bundles: {
        shell: path.join(root, 'shell'),
        applicant: path.join(root, 'applicant'),
        admin: path.join(root, 'admin'),
      },
      authEmulatorOrigin: 'http://127.0.0.1:1',
      remoteOrigins: ['http://127.0.0.1:3001'],
    });
    return request(withRemotes)
      .get('/')
      .set('Accept', 'text/html')
      .then((res) => {
        expect(parsePolicy(res.headers['content-security-policy']!)['script-src']).toEqual([
          "'self'",
          'http://127.0.0.1:3001',
        ]);
      });
  });

  it('answers a request for a path that is not a page navigation with a 404', async () => {
    const res = await request(server).get('/admin/dor/users').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });
});

describe('bundle files', () => {
  it('serves each remote from its own bundle, revalidated on every load', async () => {
    const admin = await request(server).get('/admin/remoteEntry.js');
    expect(admin.status).toBe(200);
    expect(admin.text).toBe(ADMIN_ENTRY);
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect(admin.headers['content-type']).toMatch(/javascript/);

    const applicant = await request(server).get('/applicant/remoteEntry.js');
    expect(applicant.text).toBe(APPLICANT_ENTRY);
    expect(applicant.headers['cache-control']).toBe('no-cache');
  });

  it('serves the remotes manifest revalidated on every load', async () => {
    const res = await request(server).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ applicant: '/applicant/remoteEntry.js', admin: '/admin/remoteEntry.js' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/applicant/12.0123456789.js', '/main.abcdef1234.js'])(
    'lets browsers keep the hashed file %s forever',
    async (url) => {
      const res = await request(server).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    },
  );

  it('answers a missing script with a 404, never the shell page', async () => {
    const res = await navigate('/admin/missing.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });

  it('compresses a large file when the browser accepts gzip', async () => {
    const gzipped = await request(server).get('/main.abcdef1234.js').set('Accept-Encoding', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(SHELL_MAIN);

    const plain = await request(server).get('/main.abcdef1234.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SHELL_MAIN);
  });

  it('gzips the bundles at the highest level and API answers, new each time, at the fastest', async () => {
    const answer = JSON.stringify({
      items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `row ${index}` })),
    });
    const bigApi = express();
    bigApi.get('/api/rows', (_req, res) => {
      res.type('application/json').send(answer);
    });
    const withBigApi = createLocalServer({ api: bigApi, bundles, authEmulatorOrigin: 'http://127.0.0.1:9' });
    const listening = withBigApi.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const { port } = listening.address() as AddressInfo;
    // The bytes as sent (supertest would unzip them).
    const raw = (url: string) =>
      new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).once('error', reject);
      });
    const apiAnswer = await raw('/api/rows');
    expect(answer.length).toBeGreaterThan(API_GZIP_THRESHOLD);
    expect(apiAnswer.headers['content-encoding']).toBe('gzip');
    expect(apiAnswer.body).toEqual(gzipSync(answer, { level: API_GZIP_LEVEL }));
    const bundle = await raw('/main.abcdef1234.js');
    expect(bundle.body).toEqual(gzipSync(SHELL_MAIN, { level: ASSET_GZIP_LEVEL }));
    expect(API_GZIP_LEVEL).toBeLessThan(ASSET_GZIP_LEVEL);
    await new Promise((resolve) => listening.close(resolve));
  });

  it('serves a hashed file as the browser accepts it (brotli first), compressed once and then from memory', async () => {
    const big = `console.log(${JSON.stringify('admin chunk '.repeat(500))});`;
    const file = path.join(bundles.admin, '7.abcdef0123.js');
    writeFileSync(file, big);
    const chrome = 'gzip, deflate, br, zstd';
    const listening = server.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const { port } = listening.address() as AddressInfo;
    // The bytes as sent (supertest would decode them).
    const raw = (url: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).once('error', reject);
      });
    try {
      const first = await raw('/admin/7.abcdef0123.js', chrome);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe(IMMUTABLE);
      expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.body).toEqual(brotliCompressSync(big, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }));
      // The file gone from the disk: the same bytes still come, from memory.
      renameSync(file, `${file}.moved`);
      try {
        expect((await raw('/admin/7.abcdef0123.js', chrome)).body).toEqual(first.body);
        expect((await raw('/admin/7.abcdef0123.js', 'identity')).body.toString()).toBe(big);
      } finally {
        renameSync(`${file}.moved`, file);
      }
      // A client that prefers gzip gets gzip; a small file goes as it is; HEAD sends no body.
      expect((await raw('/admin/7.abcdef0123.js', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
      expect((await raw('/applicant/12.0123456789.js', chrome)).headers['content-encoding']).toBeUndefined();
      const head = await request(server).head('/admin/7.abcdef0123.js').set('Accept-Encoding', chrome);
      expect([head.status, head.headers['content-encoding']]).toEqual([200, 'br']);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  it.each(['/admin/../shell/main.abcdef1234.js', '/admin/%2e%2e/shell/main.abcdef1234.js', '/admin/x/9.abcdef0123.js'])(
    'never serves a hashed name outside its bundle: %s',
    async (url) => {
      const res = await request(server).get(url);
      expect(res.text).not.toContain('shell main');
    },
  );

  it('sends a small API answer uncompressed, even to a client that accepts gzip', async () => {
    const small = JSON.stringify({ items: [{ id: 1, name: 'x'.repeat(API_GZIP_THRESHOLD - 100) }] });
    const smallApi = express();
    smallApi.get('/api/small', (_req, res) => {
      res.type('application/json').send(small);
    });
    const withSmallApi = createLocalServer({ api: smallApi, bundles, authEmulatorOrigin: 'http://127.0.0.1:9' });
    const res = await request(withSmallApi).get('/api/small').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(small);
  });
});

describe('the API', () => {
  it('answers /api/health with JSON', async () => {
    const res = await request(server).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(healthSchema.parse(res.body).store).toBe('sqlite');
  });

  it('answers an unknown API path with a JSON 404 even when a page is asked for', async () => {
    const res = await navigate('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not-found' } });
  });
});

describe('the Auth emulator proxy', () => {
  beforeEach(() => {
    received.length = 0;
  });

  it('forwards the Auth SDK calls with their body', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'secret-1', returnSecureToken: true });
    const res = await request(server)
      .post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.body).toEqual({ fakeEmulator: true });
    expect(received).toEqual([
      { method: 'POST', url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any', body },
    ]);
  });

  it('keeps paths that only start like an emulator path', async () => {
    const res = await navigate('/emulatorish');
    expect(res.text).toBe(SHELL_HTML);
    expect(received).toEqual([]);
  });

  it.each([
    '/identitytoolkit.googleapis.com/v1/x',
    '/securetoken.googleapis.com/v1/token',
    '/emulator/v1/projects/p/oobCodes',
  ])('forwards %s', async (url) => {
    const res = await navigate(url);
    expect(res.body).toEqual({ fakeEmulator: true });
    expect(received.map((call) => call.url)).toEqual([url]);
  });
});

describe('the Auth emulator proxy saving account changes', () => {
  const fakeEmulatorOrigin = () => `http://127.0.0.1:${(emulator.address() as AddressInfo).port}`;
  const bundles = () => ({
    shell: path.join(root, 'shell'),
    applicant: path.join(root, 'applicant'),
    admin: path.join(root, 'admin'),
  });

  it('answers a call that changes accounts only once the change is saved', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const saving = createLocalServer({
      api,
      bundles: bundles(),
      authEmulatorOrigin: fakeEmulatorOrigin(),
      onAuthEmulatorChange: () =>
        new Promise<void>((resolve) => {
          events.push('save started');
          release = () => {
            events.push('saved');
            resolve();
          };
        }),
    });
    const answered = request(saving)
      .post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any')
      .send({ email: 'kept@example.com', password: 'secret-123' })
      .then((res) => {
        events.push(`answered ${res.status}`);
        return res;
      });
    while (!events.includes('save started')) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['save started']);
    release();
    const res = await answered;
    expect(res.body).toEqual({ fakeEmulator: true });
    expect(events).toEqual(['save started', 'saved', 'answered 200']);
  });

  it.each([
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', true],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:update?key=any', true],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:delete?key=any', true],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any', true],
    ['POST', '/identitytoolkit.googleapis.com/v1/projects/demo-portal/accounts:batchCreate', true],
    ['GET', '/emulator/action?mode=verifyEmail&oobCode=x', true],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any', false],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=any', false],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any', false],
    ['POST', '/securetoken.googleapis.com/v1/token?key=any', false],
    ['GET', '/emulator/v1/projects/demo-portal/oobCodes', false],
  ])('%s %s saves: %s', async (method, url, saves) => {
    let saved = 0;
    const saving = createLocalServer({
      api,
      bundles: bundles(),
      authEmulatorOrigin: fakeEmulatorOrigin(),
      onAuthEmulatorChange: async () => {
        saved += 1;
      },
    });
    const res = await (method === 'GET' ? request(saving).get(url) : request(saving).post(url).send({}));
    expect(res.status).toBe(200);
    expect(saved).toBe(saves ? 1 : 0);
  });

  it('answers 502 with the reason when the change could not be saved', async () => {
    const failing = createLocalServer({
      api,
      bundles: bundles(),
      authEmulatorOrigin: fakeEmulatorOrigin(),
      onAuthEmulatorChange: () => Promise.reject(new Error('disk full')),
    });
    const res = await request(failing).post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any').send({});
    expect(res.status).toBe(502);
    expect(res.text).toContain('disk full');
  });
});

describe('the Auth emulator proxy in front of the real emulator', () => {
  it('lets the browser sign up through this server', async () => {
    const proxied = createLocalServer({
      api,
      bundles: {
        shell: path.join(root, 'shell'),
        applicant: path.join(root, 'applicant'),
        admin: path.join(root, 'admin'),
      },
      authEmulatorOrigin: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
    });
    const res = await request(proxied)
      .post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any')
      .send({ email: `proxy-${Date.now()}@example.com`, password: 'secret-123', returnSecureToken: true });
    expect(res.status).toBe(200);
    expect(res.body.idToken).toEqual(expect.any(String));
  });

  it('answers 502 with the reason when the emulator is not running', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createLocalServer({
      api,
      bundles: {
        shell: path.join(root, 'shell'),
        applicant: path.join(root, 'applicant'),
        admin: path.join(root, 'admin'),
      },
      authEmulatorOrigin: `http://127.0.0.1:${port}`,
    });
    const res = await request(unreachable).get('/emulator/v1/projects/p/oobCodes');
    expect(res.status).toBe(502);
    expect(res.text).toContain(`http://127.0.0.1:${port}`);
  }, 20_000);
});
