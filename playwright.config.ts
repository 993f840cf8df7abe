import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';
import { E2E_AUTH_EMULATOR_PORT, E2E_FIRESTORE_EMULATOR_PORT, E2E_PORT } from './e2e/support/ports';

/**
 * Browser tests drive the real federated build, served exactly as `npm start` serves it: on SQLite,
 * or with PORTAL_STORE=firestore-emulator on the production store over Google's Firestore emulator
 * (`npm test` runs the full-cycle and applicant-journey tests a second time so).
 */
const STORE = process.env.PORTAL_STORE || 'sqlite';
// Every portal a browser test starts (the web server and the specs' own) runs its Firestore emulator
// for short runs (tools/firestore-emulator.ts): less CPU for the suite.
process.env.FIRESTORE_EMULATOR_JVM ??= 'short-runs';

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // With PLAYWRIGHT_JSON_OUTPUT_NAME (`npm test` sets it for each SQLite shard) also a JSON report
  // there, which `tools/shard-weights.ts` reads each file's time from.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  projects: [{ name: STORE }],
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
    trace: 'off',
    // The page as a user who asks for less motion sees it (the portal turns antd's animations off,
    // `PortalTheme`): no frames drawn for zooms and fades, and no click waiting for one to settle.
    // The applicant journey and the staff cycle ask for motion, as most users do, so the animated
    // dialogs and menus are still driven end to end (docs/testing.md#browser-tests).
    reducedMotion: 'reduce',
  },
  webServer: {
    command: `${path.join('node_modules', '.bin', 'tsx')} tools/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      AUTH_EMULATOR_PORT: String(E2E_AUTH_EMULATOR_PORT),
      PORTAL_STORE: STORE,
      FIRESTORE_EMULATOR_PORT: String(E2E_FIRESTORE_EMULATOR_PORT),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')),
      DEMO_REVIEWS: 'off',
    },
  },
});
