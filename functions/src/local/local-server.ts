import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { pageContentSecurityPolicy } from '../http/security-headers';
import { hashedBundleFiles, IMMUTABLE } from './hashed-bundle-files';

export interface BundleDirs {
  shell: string;
  applicant: string;
  admin: string;
}

export interface LocalServerOptions {
  api: Express;
  bundles: BundleDirs;
  /** e.g. http://127.0.0.1:9099; the browser reaches it through this server's own origin. */
  authEmulatorOrigin: string;
  /** Origins the remotes are loaded from when not from this server (none locally). */
  remoteOrigins?: readonly string[];
  /**
   * Called after the emulator has answered a call that changes accounts (sign-up, update,
   * verification, password reset, deletion); the answer reaches the browser once it resolves.
   * The launcher saves the emulator's accounts here, so a hard kill loses no acknowledged change.
   */
  onAuthEmulatorChange?: () => Promise<void>;
  /** GET /local/mailbox: the outbox's messages to an address (local-mailbox.ts). */
  mailbox?: RequestHandler;
  /** GET and POST /local/clock: read and move the server's clock forward (local-clock.ts). */
  clock?: { read: RequestHandler; advance: RequestHandler };
}

/** Paths the Firebase Auth SDK calls when pointed at an emulator, plus the emulator's action pages. */
export const AUTH_EMULATOR_PATHS = ['/identitytoolkit.googleapis.com', '/securetoken.googleapis.com', '/emulator'];

/**
 * gzip levels (browsers mostly get brotli, at the compression package's quality 4). The bundles,
 * the same bytes every time, get the smallest output; each API answer is new JSON, compressed
 * on the request's time, where level 9 costs several times level 1 for a few per cent fewer bytes.
 */
export const ASSET_GZIP_LEVEL = 9;
export const API_GZIP_LEVEL = 1;
/**
 * API answers below this many bytes go out as they are: a gzip stream is set up per answer (about
 * as much CPU as the read itself for an answer of a few KB), to save a KB or two on a loopback or
 * local network. A page of rows or a long application is larger and still compressed.
 */
export const API_GZIP_THRESHOLD = 4096;
const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

const HASHED_ASSET = /\.[0-9a-f]{10}\.(?:js|css)$/;

/** Identity Toolkit calls that only read (or sign in): every other POST to it may change an account. */
const READ_ONLY_ACCOUNT_CALLS = /\/accounts:(lookup|signInWithPassword|sendOobCode|createAuthUri|query|batchGet)$/;

/** Whether the emulator call may have changed an account: what the accounts file must then catch up with. */
export function changesAccounts(method: string, url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/emulator/action') return method === 'GET' || method === 'POST';
  if (!pathname.startsWith('/identitytoolkit.googleapis.com/') || method === 'GET') return false;
  return !READ_ONLY_ACCOUNT_CALLS.test(pathname);
}

function setCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
}

function bundleStatic(dir: string) {
  return express.static(dir, { index: false, redirect: false, setHeaders: setCacheHeaders });
}

/**
 * The local runtime on one port: the API under /api, the shell at /, the remotes under
 * /applicant/ and /admin/, and the Auth emulator proxied so the browser needs one origin.
 */
export function createLocalServer({
  api,
  bundles,
  authEmulatorOrigin,
  remoteOrigins = [],
  onAuthEmulatorChange,
  mailbox,
  clock,
}: LocalServerOptions): Express {
  const unreachable = (res: ServerResponse, reason: string) => {
    if (res.headersSent) return;
    res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(reason);
  };
  /** Passes the emulator's answer on; after an account change, only once the change is saved. */
  const answer = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const forward = () => {
      res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, proxyRes.headers);
      proxyRes.pipe(res);
    };
    if (!onAuthEmulatorChange || !changesAccounts(req.method ?? '', req.url ?? '')) {
      forward();
      return;
    }
    onAuthEmulatorChange().then(forward, (error: unknown) => {
      proxyRes.resume();
      unreachable(res, `The account change could not be saved: ${(error as Error).message}`);
    });
  };
  const server = express();
  server.disable('x-powered-by');
  const apiCompression = compression({ level: API_GZIP_LEVEL, threshold: API_GZIP_THRESHOLD });
  const assetCompression = compression({ level: ASSET_GZIP_LEVEL });
  server.use((req, res, next) => (isApiPath(req.path) ? apiCompression : assetCompression)(req, res, next));
  server.use(api);
  if (mailbox) server.get('/local/mailbox', mailbox);
  if (clock) {
    server.get('/local/clock', clock.read);
    server.post('/local/clock', express.json({ limit: '1kb' }), clock.advance);
  }
  server.use(
    createProxyMiddleware({
      target: authEmulatorOrigin,
      // A port that accepts but never answers must end in the 502 below, not a hung page.
      proxyTimeout: 10_000,
      pathFilter: (pathname) =>
        AUTH_EMULATOR_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
      selfHandleResponse: true,
      on: {
        proxyRes: answer,
        error: (error, _req, res) => {
          if ('writeHead' in res) {
            unreachable(res, `The Auth emulator at ${authEmulatorOrigin} did not answer: ${error.message}`);
          }
        },
      },
    }),
  );
  // Everything served below (the pages, the bundles) carries the page policy; the API sets its
  // own stricter one, and the proxied Auth emulator answers as it is.
  const policy = pageContentSecurityPolicy({ mode: 'local', remoteOrigins });
  server.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  server.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    next();
  });
  server.use(
    hashedBundleFiles(
      [
        ['/applicant', bundles.applicant],
        ['/admin', bundles.admin],
        ['', bundles.shell],
      ],
      ASSET_GZIP_LEVEL,
    ),
  );
  server.use('/applicant', bundleStatic(bundles.applicant));
  server.use('/admin', bundleStatic(bundles.admin));
  server.use(bundleStatic(bundles.shell));
  server.use((req, res, next) => {
    const isPageNavigation = req.method === 'GET' && !path.extname(req.path) && req.accepts('html') === 'html';
    if (!isPageNavigation) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(bundles.shell, 'index.html'));
  });
  server.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return server;
}
