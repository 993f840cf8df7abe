import type { Express } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { createProductionApp } from './compose/production';
import { createProductionAdapters } from './compose/production-adapters';

let app: Express | undefined;

/**
 * The API as one Cloud Function (Hosting rewrites /api/** here). The app is built on the first
 * request because deploying loads this module only to read the function's metadata.
 */
export const api = onRequest({ region: 'us-central1', memory: '512MiB', timeoutSeconds: 60 }, (req, res) => {
  app ??= createProductionApp(createProductionAdapters());
  app(req, res);
});
