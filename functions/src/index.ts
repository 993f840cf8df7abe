import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getFirestore } from 'firebase-admin/firestore';
import { createFirebaseIdentityAdmin, getFirebaseAdminApp } from './identity/firebase-identity';
import { syncAccountStatuses } from './identity/account-status-sync';
import { createOutboxSender, triggerEmailTransport } from './outbox/outbox-sender';
import { createFirestoreStore } from './store/firestore-store';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import type { DocumentStore } from './store/document-store';
import { runAlone } from './scheduler/run-alone';
import { productionMailSettings } from './compose/production';
import { lazyApiHandler } from './compose/api-handler';
import { API_CONCURRENCY, API_MAX_INSTANCES, API_MEMORY_MB, API_MIN_INSTANCES, PORTAL_REGION } from './compose/params';
import { assertNoEmulatorHosts, createProductionApp } from './compose/production';
import { createProductionAdapters } from './compose/production-adapters';
import { loadProductionConfig } from './config';

/**
 * The API as one Cloud Function (Hosting rewrites /api/** here). Region, memory, the instances kept
 * warm and the ceiling, and the requests an instance serves at once are params resolved at deploy
 * (why each: docs/deploy.md#function-settings); one CPU, which serving requests concurrently needs.
 * The app reads and validates its params on the first request, and refuses to start while an
 * emulator host variable is set.
 */
export const api = onRequest(
  {
    region: PORTAL_REGION,
    memory: API_MEMORY_MB,
    cpu: 1,
    concurrency: API_CONCURRENCY,
    minInstances: API_MIN_INSTANCES,
    maxInstances: API_MAX_INSTANCES,
    timeoutSeconds: 60,
  },
  lazyApiHandler(() => {
    const config = loadProductionConfig();
    assertNoEmulatorHosts();
    return createProductionApp(createProductionAdapters({ storageBucket: config.STORAGE_BUCKET }), {
      appCheck: config.APP_CHECK_ENFORCED ? undefined : null,
    });
  }),
);

/**
 * The outbox's sender in production: every minute, each queued message that is due becomes a
 * document of the "Trigger Email from Firestore" extension's `mail` collection (which sends it
 * through the SMTP server it was configured with) in the transaction that marks it sent; a
 * failure is retried with backoff and, after the last attempt, shown to the super-reviewer. A run
 * drains page after page with transactions in parallel and stops taking pages after 50 s
 * (DEFAULT_DRAIN), well within its timeout. A run that starts while the last one goes on does
 * nothing (run-alone.ts). Each run first reads back what the extension could not deliver
 * (`recordDeliveryFailures`): those messages are failed, for the super-reviewer to send again.
 */
const OUTBOX_SENDER_TIMEOUT_S = 120;
export const outboxSender = onSchedule(
  { schedule: 'every 1 minutes', region: PORTAL_REGION, timeoutSeconds: OUTBOX_SENDER_TIMEOUT_S, maxInstances: 1 },
  async () => {
    assertNoEmulatorHosts();
    const store = createFirestoreStore(getFirestore(getFirebaseAdminApp()));
    await runAlone(store, 'outbox-sender', { now: new Date(), maxMs: OUTBOX_SENDER_TIMEOUT_S * 1000 }, () =>
      createOutboxSender({ store, transport: triggerEmailTransport, now: () => new Date() }).runOnce(),
    );
  },
);

/**
 * The portal's due work in production, every minute (the local server runs the same on a timer):
 * releases whose scheduled time has come (the guard checked again), release messages still to
 * write after a crash, and the 48 h reminders of unsubmitted drafts. Runs never overlap: one that
 * starts while the last one goes on (a large release) does nothing (run-alone.ts).
 */
const SCHEDULED_WORK_TIMEOUT_S = 300;
/**
 * One scheduler per instance, made at its first run: the data retention's hourly look
 * (retention/retention-look.ts) remembers its last look between the minutes an instance serves.
 */
let scheduler: { store: DocumentStore; run: Scheduler } | undefined;
export const scheduledWork = onSchedule(
  { schedule: 'every 1 minutes', region: PORTAL_REGION, timeoutSeconds: SCHEDULED_WORK_TIMEOUT_S, maxInstances: 1 },
  async () => {
    const config = loadProductionConfig();
    assertNoEmulatorHosts();
    if (!scheduler) {
      const { store, files } = createProductionAdapters({ storageBucket: config.STORAGE_BUCKET });
      const accounts = createFirebaseIdentityAdmin(getFirebaseAdminApp());
      const mail = productionMailSettings(config);
      scheduler = {
        store,
        run: createScheduler({ store, files, now: () => new Date(), mail, erasure: { accounts, files } }),
      };
    }
    const { store, run } = scheduler;
    await runAlone(store, 'scheduled-work', { now: new Date(), maxMs: SCHEDULED_WORK_TIMEOUT_S * 1000 }, () =>
      run.runOnce(),
    );
  },
);

/**
 * What the identity provider alone changed (an account disabled or deleted in its console, sessions
 * it revoked), brought onto the user records every minute, which the API's request path reads
 * instead of asking the provider (identity/account-status-sync.ts, docs/security.md). A job of its
 * own, so a long run of the scheduled work (a large release) never holds it back past the minute.
 */
const ACCOUNT_SYNC_TIMEOUT_S = 60;
export const accountSync = onSchedule(
  { schedule: 'every 1 minutes', region: PORTAL_REGION, timeoutSeconds: ACCOUNT_SYNC_TIMEOUT_S, maxInstances: 1 },
  async () => {
    assertNoEmulatorHosts();
    const app = getFirebaseAdminApp();
    const store = createFirestoreStore(getFirestore(app));
    await runAlone(store, 'account-sync', { now: new Date(), maxMs: ACCOUNT_SYNC_TIMEOUT_S * 1000 }, () =>
      syncAccountStatuses({ store, accounts: createFirebaseIdentityAdmin(app) }),
    );
  },
);
