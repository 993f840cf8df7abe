import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../app';
import { localRateLimits, type LocalConfig } from '../config';
import { createLocalFileStore } from '../files/local-file-store';
import {
  createFirebaseIdentityAdmin,
  createFirebaseIdentityVerifier,
  getFirebaseAdminApp,
} from '../identity/firebase-identity';
import { seedDemoData } from '../seed/seed-demo-data';
import { createSqliteStore } from '../store/sqlite-store';
import { afterIdentityChanges } from './identity-changes';
import { createLocalServer, type BundleDirs } from './local-server';

export interface LocalRuntime {
  url: string;
  seeded: boolean;
  logFile: string;
  close(): Promise<void>;
}

export interface LocalRuntimeOptions {
  /**
   * Saves the Auth emulator's accounts: called after every account change, by the API (sign-up,
   * profile, deletions, demo accounts) or by the browser through the proxy, before it is answered.
   */
  saveAccounts?: () => Promise<void>;
}

/**
 * The composition of the local runtime: SQLite and local files under the data directory,
 * identity from the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST must be set), one HTTP server.
 */
export async function startLocalRuntime(
  config: LocalConfig,
  bundles: BundleDirs,
  version: string,
  options: LocalRuntimeOptions = {},
): Promise<LocalRuntime> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST must point at the Auth emulator');
  const dataDir = path.resolve(config.DATA_DIR);
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const logFile = path.join(dataDir, 'logs', 'api.log');
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: logFile, sync: false }));

  const store = createSqliteStore({ filename: path.join(dataDir, 'portal.db') });
  const files = createLocalFileStore({ root: path.join(dataDir, 'files') });
  const firebaseApp = getFirebaseAdminApp(config.PORTAL_PROJECT_ID);
  const firebaseAccounts = createFirebaseIdentityAdmin(firebaseApp);
  const accounts = options.saveAccounts
    ? afterIdentityChanges(firebaseAccounts, options.saveAccounts)
    : firebaseAccounts;
  const { seeded } = await seedDemoData({ store, accounts });

  const api = createApp({
    store,
    files,
    identity: createFirebaseIdentityVerifier(firebaseApp),
    accounts,
    logger,
    storeName: 'sqlite',
    version,
    rateLimits: localRateLimits(config),
  });
  const server = createLocalServer({
    api,
    bundles,
    authEmulatorOrigin: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
    ...(options.saveAccounts ? { onAuthEmulatorChange: options.saveAccounts } : {}),
  });
  const httpServer = await new Promise<Server>((resolve, reject) => {
    const listening = server.listen(config.PORT, config.HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  return {
    url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
    seeded,
    logFile,
    async close() {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await store.close();
      logger.flush();
    },
  };
}
