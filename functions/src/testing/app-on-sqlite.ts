import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp, type AppDeps } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { DocumentStore } from '../store/document-store';
import { testSqliteStore } from './test-store';

/**
 * For tests of the Express app itself (app.test.ts, http/rate-limit.test.ts): `build(overrides)` is
 * the app on an in-memory SQLite store made for each test and closed after it (`store()`), a local
 * file store in a temporary folder, `defaults.identity` and a silent log. Call at the top level of a
 * test file: it registers the hooks.
 */
export function appOnSqlite(defaults: Pick<AppDeps, 'identity'> & Partial<AppDeps>) {
  let tempDir: string;
  let store: DocumentStore;
  beforeAll(() => {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-app-test-'));
  });
  afterAll(() => rmSync(tempDir, { recursive: true, force: true }));
  beforeEach(() => {
    store = testSqliteStore();
  });
  afterEach(() => store.close());
  return {
    /** The store of the test running. */
    store: (): DocumentStore => store,
    build: (overrides: Partial<AppDeps> = {}) =>
      createApp({
        store,
        files: createLocalFileStore({ root: tempDir }),
        accounts: createInMemoryIdentityAdmin(),
        logger: pino({ level: 'silent' }),
        storeName: 'sqlite',
        version: 'test',
        ...defaults,
        ...overrides,
      }),
  };
}
