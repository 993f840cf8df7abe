import { onRequest } from 'firebase-functions/v2/https';
import { lazyApiHandler } from './compose/api-handler';
import { API_MAX_INSTANCES, API_MEMORY_MB, PORTAL_REGION } from './compose/params';
import { assertNoEmulatorHosts, createProductionApp } from './compose/production';
import { createProductionAdapters } from './compose/production-adapters';
import { loadProductionConfig } from './config';

/**
 * The API as one Cloud Function (Hosting rewrites /api/** here). Region, memory and instance
 * ceiling are params resolved at deploy; the app reads and validates its params on the first request,
 * and refuses to start while an emulator host variable is set.
 */
export const api = onRequest(
  { region: PORTAL_REGION, memory: API_MEMORY_MB, maxInstances: API_MAX_INSTANCES, timeoutSeconds: 60 },
  lazyApiHandler(() => {
    const config = loadProductionConfig();
    assertNoEmulatorHosts();
    return createProductionApp(createProductionAdapters({ storageBucket: config.STORAGE_BUCKET }), {
      appCheck: config.APP_CHECK_ENFORCED ? undefined : null,
    });
  }),
);
