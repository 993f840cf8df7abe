import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { DEMO_PASSWORD } from '../functions/src/seed/demo-accounts';
import { chapterForm } from '../functions/src/testing/long-form';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { CHUNK_PACKAGES_FILE, type ChunkPackages } from '../tools/webpack/chunk-packages-plugin';
import { APP_DIRS, type AppName } from '../tools/webpack/create-config';
import { createVerifiedApplicant } from './support/accounts';
import { activate, logIn } from './support/visits';

/**
 * `npm run bench:bytes`: the JavaScript a first visit downloads (gzip, as served, browser cache
 * on), for the three visits of the first-visit goals (docs/performance.md#goals), with every
 * script, whose app it is, and the copies of one library downloaded twice in one visit. Reads the
 * build's chunk-packages.json reports, so run `npx tsx tools/build.ts` first (npm start builds
 * too).
 */
const PROJECT_ID = 'demo-portal';
const GOALS_KB = { landing: 100, applicant: 220, director: 320 } as const;

interface Script {
  file: string;
  app: AppName | 'unknown';
  bytes: number;
  packages: Record<string, string[]>;
}

/** Each app's build report, keyed by the path it is served at (the remotes under /applicant/ and /admin/). */
function loadReports(): Map<string, { app: AppName; packages: Script['packages'] }> {
  const byPath = new Map<string, { app: AppName; packages: Script['packages'] }>();
  for (const app of Object.keys(APP_DIRS) as AppName[]) {
    const report = JSON.parse(
      readFileSync(path.join(APP_DIRS[app], 'dist', CHUNK_PACKAGES_FILE), 'utf8'),
    ) as ChunkPackages;
    const prefix = app === 'shell' ? '/' : `/${app}/`;
    for (const [file, packages] of Object.entries(report)) byPath.set(`${prefix}${file}`, { app, packages });
  }
  return byPath;
}

/** Runs one visit in a fresh context (an empty cache, kept for the visit) and returns its scripts. */
async function visit(
  browser: Browser,
  baseUrl: string,
  reports: ReturnType<typeof loadReports>,
  steps: (page: Page) => Promise<void>,
): Promise<Script[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then(async ({ responseBodySize }) => {
        const response = await request.response();
        if (!response || (await response.fromServiceWorker()) || responseBodySize === 0) return null;
        const file = new URL(request.url()).pathname;
        const report = reports.get(file);
        return { file, app: report?.app ?? 'unknown', bytes: responseBodySize, packages: report?.packages ?? {} };
      }),
    );
  });
  await steps(page);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((script): script is Script => script !== null);
  await context.close();
  return scripts;
}

/**
 * Libraries downloaded twice: packages whose same file is in more than one downloaded script,
 * with the most scripts any one of its files is in (two scripts holding different files of one
 * package, such as react and react/jsx-runtime, are not a copy).
 */
function libraryCopies(scripts: Script[]): [string, number][] {
  const holders = new Map<string, number>();
  for (const script of scripts) {
    for (const [name, files] of Object.entries(script.packages)) {
      for (const file of files) holders.set(`${name}\0${file}`, (holders.get(`${name}\0${file}`) ?? 0) + 1);
    }
  }
  const copies = new Map<string, number>();
  for (const [key, count] of holders) {
    const name = key.split('\0')[0]!;
    if (count > 1) copies.set(name, Math.max(copies.get(name) ?? 0, count));
  }
  return [...copies].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(name: string, goal: number, scripts: Script[], foreignApp: AppName | null) {
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log(`\n${name}: ${kb(total)} gzip JavaScript in ${scripts.length} scripts (goal ≤ ${goal} KB)`);
  for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kb(script.bytes).padStart(9)}  ${script.app.padEnd(9)} ${script.file}`);
  }
  const copies = libraryCopies(scripts);
  const extra = copies.reduce((sum, [, count]) => sum + count - 1, 0);
  console.log(`  library copies: ${extra} duplicate${extra === 1 ? '' : 's'} (goal 0)`);
  for (const [name, count] of copies) console.log(`    ${name} in ${count} scripts`);
  if (foreignApp) {
    const foreign = scripts.filter((script) => script.app === foreignApp);
    console.log(
      `  ${foreignApp} code downloaded: ${foreign.length} scripts, ${kb(foreign.reduce((s, x) => s + x.bytes, 0))}`,
    );
  }
  return total;
}

async function main() {
  const reports = loadReports();
  const portal = await startPortalProcess({ port: 18780 + PORT_OFFSET, authEmulatorPort: 18781 + PORT_OFFSET });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const landing = await visit(browser, portal.url, reports, async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Create Account' }).waitFor();
    });
    /** A new applicant: landing → log in → /apply → start → the first section of the active form. */
    const applyVisit = async (name: string) => {
      const applicant = await createVerifiedApplicant(
        portal.url,
        PROJECT_ID,
        `bench-${name}-${Date.now()}@example.com`,
      );
      return visit(browser, portal.url, reports, async (page) => {
        await logIn(page, applicant.email, 'bench-password-1');
        await page.waitForURL(/\/apply$/);
        await page.getByRole('button', { name: 'Start application' }).click();
        await page.waitForURL(/\/apply\/f\//);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
      });
    };
    const applying = await applyVisit('demo');
    const directing = await visit(browser, portal.url, reports, async (page) => {
      await logIn(page, 'director@example.com', DEMO_PASSWORD);
      await page.waitForURL(/\/admin/);
      await page.getByText('Super Reviewer dashboard').waitFor();
    });
    // Then the form as a club writes it: 15 sections, markdown in the form, section and question texts.
    await activate(portal.url, chapterForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)));
    const applyingClub = await applyVisit('club');
    console.log('First visits, Chromium, cache on, gzip as served by the local runtime:');
    const totals = [
      report('landing, signed out', GOALS_KB.landing, landing, null),
      report('applicant: landing → log in → /apply → first section (demo form)', GOALS_KB.applicant, applying, 'admin'),
      report(
        `applicant on a club's form (${chapterForm(new Date()).sections.length} sections, markdown): same path`,
        GOALS_KB.applicant,
        applyingClub,
        'admin',
      ),
      report('director: landing → log in → /admin', GOALS_KB.director, directing, 'applicant'),
    ];
    console.log(
      `\nsummary (KB): landing ${kb(totals[0]!)}, applicant ${kb(totals[1]!)}, ` +
        `applicant on a club's form ${kb(totals[2]!)}, director ${kb(totals[3]!)}`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
