import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../app';
import { loadPrivacyNoticeSettings, localRateLimits, type LocalConfig } from '../config';
import { createLocalFileStore } from '../files/local-file-store';
import {
  createFirebaseIdentityAdmin,
  createFirebaseIdentityVerifier,
  getFirebaseAdminApp,
} from '../identity/firebase-identity';
import { runMigrations } from '../migrations/run-migrations';
import { seedDemoData } from '../seed/seed-demo-data';
import { seedDemoReviews } from '../seed/demo-reviews';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { DocumentStore } from '../store/document-store';
import { readIndexFile } from '../store/firestore-indexes';
import { createFirestoreStore } from '../store/firestore-store';
import { withFormCounters } from '../store/form-counters';
import { createSqliteStore } from '../store/sqlite-store';
import { afterIdentityChanges } from './identity-changes';
import { createLocalServer, type BundleDirs } from './local-server';
import { localMailboxHandler } from './local-mailbox';
import { createOutboxSender, localTransport, startSenderLoop } from '../outbox/outbox-sender';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../outbox/outbox';
import { createClock } from '../scheduler/clock';
import { createScheduler } from '../scheduler/scheduler';
import { localClockHandlers } from './local-clock';
import { syncAccountStatuses } from '../identity/account-status-sync';

/** How often the local sender looks for queued messages. */
const SENDER_INTERVAL_MS = 1000;
/**
 * How often the local scheduler looks for due work (scheduled releases, reminders) and the account
 * sync for changes made in the Auth emulator alone; also once at start.
 */
const SCHEDULER_INTERVAL_MS = 5000;

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
  /** The origins the remotes' scripts are served from, when not from this server (the page policy names them). */
  remoteOrigins?: readonly string[];
}

const INDEX_FILE = path.resolve(__dirname, '../../../firestore.indexes.json');

/**
 * The local runtime's store (PORTAL_STORE): a SQLite file under the data directory, or the production
 * adapter on the Cloud Firestore emulator the launcher started (FIRESTORE_EMULATOR_HOST), held to
 * the composite indexes production has, which the emulator itself does not require.
 */
export function createLocalStore(
  config: Pick<LocalConfig, 'PORTAL_STORE'>,
  dataDir: string,
  firebaseApp: App,
): DocumentStore {
  if (config.PORTAL_STORE === 'sqlite') return createSqliteStore({ filename: path.join(dataDir, 'portal.db') });
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('PORTAL_STORE=firestore-emulator: FIRESTORE_EMULATOR_HOST must point at the Firestore emulator');
  }
  return createFirestoreStore(getFirestore(firebaseApp), { indexes: readIndexFile(INDEX_FILE) });
}

/**
 * The composition of the local runtime: the store of PORTAL_STORE and local files under the data directory,
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

  const firebaseApp = getFirebaseAdminApp(config.PORTAL_PROJECT_ID);
  const store = createLocalStore(config, dataDir, firebaseApp);
  const files = createLocalFileStore({ root: path.join(dataDir, 'files') });
  const firebaseAccounts = createFirebaseIdentityAdmin(firebaseApp);
  const accounts = options.saveAccounts
    ? afterIdentityChanges(firebaseAccounts, options.saveAccounts)
    : firebaseAccounts;
  const privacyNotice = loadPrivacyNoticeSettings();
  const { seeded } = await seedDemoData({ store, accounts, privacyNoticeVersion: privacyNotice.version });
  if (seeded && config.DEMO_REVIEWS === 'on') await seedDemoReviews({ store, files, now: new Date() });
  // Rows a migration changes keep their forms' counters (store/form-counters.ts).
  for (const { id, changed } of await runMigrations(withFormCounters(store)))
    logger.info({ migration: id, changed }, 'migration applied');

  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  // The chapter's name and zone as the browser build has them (PORTAL_CHAPTER_NAME, PORTAL_CHAPTER_TIME_ZONE).
  const mail: MailSettings = {
    chapterName: process.env.PORTAL_CHAPTER_NAME || DEFAULT_MAIL_SETTINGS.chapterName,
    portalUrl: url,
    timeZone: process.env.PORTAL_CHAPTER_TIME_ZONE || DEFAULT_MAIL_SETTINGS.timeZone,
  };
  // One clock for the API, the sender and the scheduler; POST /local/clock moves it forward.
  const clock = createClock();
  const scheduler = createScheduler({ store, files, now: clock.now, mail, erasure: { accounts, files } });
  const api = createApp({
    now: clock.now,
    mail,
    store,
    files,
    identity: createFirebaseIdentityVerifier(firebaseApp),
    accounts,
    logger,
    storeName: config.PORTAL_STORE,
    version,
    rateLimits: localRateLimits(config),
    privacyNotice,
    ...(config.PORTAL_JOB_INLINE_MS !== undefined && { jobInlineMs: config.PORTAL_JOB_INLINE_MS }),
  });
  const server = createLocalServer({
    api,
    bundles,
    remoteOrigins: options.remoteOrigins ?? [],
    authEmulatorOrigin: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
    ...(options.saveAccounts ? { onAuthEmulatorChange: options.saveAccounts } : {}),
    mailbox: localMailboxHandler(store),
    clock: localClockHandlers(clock, () => scheduler.runOnce()),
  });
  const sender = startSenderLoop(
    createOutboxSender({ store, transport: localTransport, now: clock.now }),
    SENDER_INTERVAL_MS,
    (error) => logger.error({ err: error }, 'outbox sender run failed'),
  );
  // Runs at once (a release whose time passed while the server was down happens now), then on a timer.
  const schedulerLoop = startSenderLoop(scheduler, SCHEDULER_INTERVAL_MS, (error) =>
    logger.error({ err: error }, 'scheduler run failed'),
  );
  // What the Auth emulator alone changed (an account disabled or deleted in its UI), onto the user records.
  const accountSyncLoop = startSenderLoop(
    { runOnce: () => syncAccountStatuses({ store, accounts: firebaseAccounts }) },
    SCHEDULER_INTERVAL_MS,
    (error) => logger.error({ err: error }, 'account sync run failed'),
  );
  const httpServer = await new Promise<Server>((resolve, reject) => {
    const listening = server.listen(config.PORT, config.HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  return {
    url,
    seeded,
    logFile,
    async close() {
      await sender.stop();
      await schedulerLoop.stop();
      await accountSyncLoop.stop();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await store.close();
      logger.flush();
    },
  };
}
