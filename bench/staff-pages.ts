import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { DEMO_PASSWORD } from '../functions/src/seed/demo-accounts';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { follow, measure, printSteps, recorder, type Step } from './support/page-steps';
import { BENCH_STORE, seedBenchStore } from './support/bench-store';
import { seedSubmittedApplications } from './support/seed-applications';
import { signIn } from './support/accounts';
import { logIn } from './support/visits';
import { startWatchdog } from './support/watchdog';

/**
 * `npm run bench:staff-pages`: how long the director's pages take to show their content on this
 * machine, on a cycle of BENCH_APPLICATIONS submitted applications (default 2,000, two reviews per
 * role), each run in a new browser context (nothing cached): the log-in to Admin Home, its link
 * to the dashboard's first rows, then the Users page, the audit log and back to the dashboard, each followed as a link
 * inside the portal. Prints each step's median time to content and its longest chains of API calls
 * and scripts (./support/page-steps.ts), after one read of the rows that counts the seeded form
 * (printed apart: a real form's counters are kept with every write). Builds nothing: run
 * `npx tsx tools/build.ts` first.
 */
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FORM_ID = 'demo-form-spring';
const PORT = 18800 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 18801 + PORT_OFFSET;
const FIRESTORE_EMULATOR_PORT = 18805 + PORT_OFFSET;

async function main() {
  startWatchdog('staff pages bench', BENCH_STORE === 'sqlite' ? 300_000 : 600_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-staff-pages-'));
  await seedBenchStore(dataDir, FIRESTORE_EMULATOR_PORT, (store) =>
    seedSubmittedApplications(store, { count: APPLICATIONS, reviewers: 20 }),
  );
  const portal = await startPortalProcess({
    port: PORT,
    authEmulatorPort: AUTH_EMULATOR_PORT,
    firestoreEmulatorPort: FIRESTORE_EMULATOR_PORT,
    dataDir,
  });
  // The seeded rows were written without the form's counters: the first read of the rows counts
  // them once (store/form-counters.ts), as no real cycle ever does. Done here, not in a run.
  const token = await signIn(portal.url, 'director@example.com', DEMO_PASSWORD);
  const warm = performance.now();
  const first = await fetch(`${portal.url}/api/admin/forms/${FORM_ID}/rows?tab=all`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!first.ok) throw new Error(`rows: ${first.status} ${await first.text()}`);
  console.log(`first read of the rows (counts the seeded form once): ${(performance.now() - warm).toFixed(0)} ms`);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const runs: Step[][] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const rec = recorder(page);
      const rows = () => page.locator('main .ant-table-row').first().waitFor();
      const steps: Step[] = [];
      steps.push(
        await measure(
          page,
          rec,
          'landing → log in → Admin Home',
          () => logIn(page, 'director@example.com', DEMO_PASSWORD),
          () => page.getByRole('link', { name: 'Super Reviewer dashboard' }).waitFor(),
        ),
      );
      steps.push(
        await measure(
          page,
          rec,
          'Admin Home → dashboard rows',
          () => page.getByRole('link', { name: 'Super Reviewer dashboard' }).click(),
          rows,
        ),
      );
      steps.push(await measure(page, rec, 'dashboard → Users', () => follow(page, '/admin/dor/users'), rows));
      steps.push(await measure(page, rec, 'Users → audit log', () => follow(page, '/admin/dor/audit')));
      steps.push(
        await measure(page, rec, 'audit log → dashboard', () => follow(page, `/admin/dor/dashboard/${FORM_ID}`), rows),
      );
      runs.push(steps);
      await context.close();
    }
    printSteps(
      `Director's pages, Chromium at 1366 px, ${APPLICATIONS} submitted applications, store: ${BENCH_STORE}; ` +
        `median of ${RUNS} runs (new browser context each):`,
      runs,
    );
  } catch (error) {
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        console.error(`The page at ${page.url()} when the bench stopped: .scratch/staff-pages-failed.png`);
        await page.screenshot({ path: '.scratch/staff-pages-failed.png' });
      }
    throw error;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
