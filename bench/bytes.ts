import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { DEMO_PASSWORD } from '../functions/src/seed/demo-accounts';
import { chapterForm } from '../functions/src/testing/long-form';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import {
  CHUNK_OWN_MODULES_FILE,
  CHUNK_PACKAGES_FILE,
  type ChunkOwnModules,
  type ChunkPackages,
} from '../tools/webpack/chunk-packages-plugin';
import { APP_DIRS, outputDir, type AppName } from '../tools/webpack/app-dirs';
import { createVerifiedApplicant } from './support/accounts';
import { activate } from './support/visits';

/**
 * `npm run bench:bytes`: the JavaScript a first visit downloads (gzip, as served, browser cache
 * on), for the three visits of the first-visit goals (docs/performance.md#goals), with every
 * script, whose app it is, and the copies of one library downloaded twice in one visit; per step
 * (a click and the next page's content) the time to content and the longest chain of scripts
 * fetched one after another before it, both timed in the page (a chain varies far less with the
 * machine's load than a time); and the CSS of the visit: antd's stylesheets, made at build time,
 * and what antd's style engine still writes into the page (the theme's variables). The
 * applicant's visit runs twice: on the demo form, then on a club's (`chapterForm`: 15 sections,
 * markdown in every description, every question type, a file question). Reads the build's
 * chunk-packages.json reports, so run `npx tsx tools/build.ts` first (npm start builds too).
 */
const PROJECT_ID = 'demo-portal';
/** The first-visit goals (docs/performance.md#goals): a club's form within 300 KB in 40 scripts. */
const GOALS = {
  landing: { kb: 85 },
  applicant: { kb: 300, scripts: 40 },
  director: { kb: 300 },
} as const;
/** At most this many scripts one after another between a click and the next page's content. */
const CHAIN_GOAL = 2;
/** The round trip every request of a visit is given (Chrome's emulation), about a home connection's. */
const NETWORK_LATENCY_MS = 40;

interface Script {
  file: string;
  app: AppName | 'unknown';
  bytes: number;
  packages: Record<string, string[]>;
  /** The portal's own source files in the script (repository paths). */
  own: string[];
}

/**
 * Each app's build reports, keyed by the path it is served at (the remotes under /applicant/ and
 * /admin/), read from the bundles the portal serves (`$PORTAL_BUILD_OUT_DIR/<app>` when set).
 */
function loadReports(): Map<string, Pick<Script, 'app' | 'packages' | 'own'>> {
  const byPath = new Map<string, Pick<Script, 'app' | 'packages' | 'own'>>();
  for (const app of Object.keys(APP_DIRS) as AppName[]) {
    const read = <T>(file: string) => JSON.parse(readFileSync(path.join(outputDir(app), file), 'utf8')) as T;
    const report = read<ChunkPackages>(CHUNK_PACKAGES_FILE);
    const own = read<ChunkOwnModules>(CHUNK_OWN_MODULES_FILE);
    const prefix = app === 'shell' ? '/' : `/${app}/`;
    for (const [file, packages] of Object.entries(report)) {
      byPath.set(`${prefix}${file}`, { app, packages, own: own[file] ?? [] });
    }
  }
  return byPath;
}

/** One step of a visit: `go` clicks (or navigates) and resolves once the next page shows its content. */
interface Step {
  name: string;
  /** Does the step (a click), then waits until `content` shows. */
  go: (page: Page) => Promise<void>;
  /** What shows the next page's content: an element matching `selector`, holding `text` if given. */
  content: Content;
}

interface Content {
  selector: string;
  text?: string;
}

interface StepFigures {
  name: string;
  /** From the click to the page's content, on this machine (varies with its load). */
  ms: number;
  /** The longest run of scripts each asked for only once the one before it had arrived, before the content showed. */
  chain: number;
  /** The scripts of that chain, in order. */
  chainFiles: string[];
}

interface Timed {
  file: string;
  start: number;
  end: number;
}

/** The longest run of requests where each started after the one before it ended, in order. */
function longestChain(requests: Timed[]): Timed[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const best = new Map<Timed, Timed[]>();
  for (const request of sorted) {
    let longest: Timed[] = [];
    for (const other of sorted) {
      const before = best.get(other);
      if (before && other.end <= request.start && before.length > longest.length) longest = before;
    }
    best.set(request, [...longest, request]);
  }
  return [...best.values()].reduce<Timed[]>((a, b) => (b.length > a.length ? b : a), []);
}

/**
 * In the page: from now, checks each animation frame whether `content` shows, and keeps the time it
 * first did. Returns the page's time now, the start of the step.
 */
function watchContent(content: Content): number {
  const state = window as unknown as { benchShown?: number };
  state.benchShown = undefined;
  performance.setResourceTimingBufferSize(100_000);
  const shows = () =>
    [...document.querySelectorAll<HTMLElement>(content.selector)].some(
      (element) =>
        element.getClientRects().length > 0 && (content.text === undefined || element.innerText.includes(content.text)),
    );
  const check = () => {
    if (shows()) state.benchShown = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  return performance.now();
}

/**
 * In the page: when the content showed (by `seenBy` if it was not watched), and the scripts asked
 * for since `start` (resource timing).
 */
function contentTiming({ start, seenBy }: { start: number; seenBy: number }): { shown: number; scripts: Timed[] } {
  const shown = (window as unknown as { benchShown?: number }).benchShown ?? seenBy;
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime >= start)
    .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd }));
  return { shown, scripts };
}

/**
 * Runs one visit in a fresh context (an empty cache, kept for the visit), step by step, and returns
 * its scripts and, per step, the time to content and the longest chain of scripts.
 */
async function visit(
  browser: Browser,
  baseUrl: string,
  reports: ReturnType<typeof loadReports>,
  steps: Step[],
): Promise<{ scripts: Script[]; steps: StepFigures[]; styleBytes: number; sheetBytes: number[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  // tsx names the functions it compiles with a helper the page lacks (watchContent's inner ones).
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  // Every request waits NETWORK_LATENCY_MS, as over a real network: on localhost a response arrives
  // within a millisecond, sooner than the federation runtime's own promise steps, so a script asked
  // for with another but a few steps later counted as asked for after it (a chain it is not).
  const network = await context.newCDPSession(page);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK_LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const pending: Promise<Script | null>[] = [];
  const sheets: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'stylesheet') {
      sheets.push(request.sizes().then(({ responseBodySize }) => responseBodySize));
      return;
    }
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then(async ({ responseBodySize }) => {
        const response = await request.response();
        if (!response || (await response.fromServiceWorker()) || responseBodySize === 0) return null;
        const file = new URL(request.url()).pathname;
        const report = reports.get(file);
        return {
          file,
          app: report?.app ?? 'unknown',
          bytes: responseBodySize,
          packages: report?.packages ?? {},
          own: report?.own ?? [],
        };
      }),
    );
  });
  const figures: StepFigures[] = [];
  for (const step of steps) {
    if (figures.length > 0) await page.waitForLoadState('networkidle');
    // Timed in the page, on its own clock: when the content first showed (checked each frame) and
    // when each script was asked for and arrived (resource timing). Playwright's events and
    // waits reach this process some milliseconds later, which made a fetch started just after the
    // content was drawn count as one before it. The first step loads the page: its scripts count
    // from the navigation, up to when this process saw its content (a little late, so never fewer).
    const inPage = figures.length > 0 ? await page.evaluate(watchContent, step.content) : null;
    const start = performance.now();
    await step.go(page);
    const ms = performance.now() - start;
    const seenBy = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(contentTiming, { start: inPage ?? 0, seenBy });
    const chain = longestChain(timing.scripts.filter((request) => request.start < timing.shown));
    figures.push({
      name: step.name,
      ms: inPage === null ? ms : timing.shown - inPage,
      chain: chain.length,
      chainFiles: chain.map((r) => r.file),
    });
  }
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((script): script is Script => script !== null);
  // The CSS antd's style engine wrote into the page while the visit ran (its <style> elements: the
  // theme's and components' variables), gzipped as a stylesheet of them would be served.
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((element) => element.textContent ?? '').join('\n'),
  );
  await context.close();
  return { scripts, steps: figures, styleBytes: gzipSync(styles).length, sheetBytes: await Promise.all(sheets) };
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

/** The portal's own modules in more than one downloaded script (a helper bundled into several chunks or apps). */
function ownModuleCopies(scripts: Script[]): [string, number][] {
  const holders = new Map<string, number>();
  for (const script of scripts) for (const file of script.own) holders.set(file, (holders.get(file) ?? 0) + 1);
  return [...holders].filter(([, count]) => count > 1).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const VERBOSE = Boolean(process.env.BENCH_VERBOSE);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(
  name: string,
  goal: { kb: number; scripts?: number },
  { scripts, steps, styleBytes, sheetBytes }: Awaited<ReturnType<typeof visit>>,
  foreignApp: AppName | null,
) {
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const scriptGoal = goal.scripts ? ` in ≤ ${goal.scripts} scripts` : '';
  console.log(
    `\n${name}: ${kb(total)} gzip JavaScript in ${scripts.length} scripts (goal ≤ ${goal.kb} KB${scriptGoal})`,
  );
  console.log(`  per step: time to content, longest chain of scripts fetched one after another (goal ≤ ${CHAIN_GOAL})`);
  for (const step of steps) {
    console.log(
      `    ${step.name.padEnd(34)} ${`${step.ms.toFixed(0)} ms`.padStart(8)}  chain ${step.chain}` +
        (step.chain > 1 ? `: ${step.chainFiles.join(' → ')}` : ''),
    );
  }
  for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kb(script.bytes).padStart(9)}  ${script.app.padEnd(9)} ${script.file}`);
  }
  const sheetTotal = sheetBytes.reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `  CSS: ${kb(sheetTotal)} gzip in ${sheetBytes.length} stylesheets (antd's components, made at build time); ` +
      `${kb(styleBytes)} gzip in the page's <style> elements (the theme's variables, written at run time)`,
  );
  const copies = libraryCopies(scripts);
  const extra = copies.reduce((sum, [, count]) => sum + count - 1, 0);
  console.log(`  library copies: ${extra} duplicate${extra === 1 ? '' : 's'} (goal 0)`);
  for (const [name, count] of copies) console.log(`    ${name} in ${count} scripts`);
  const ownCopies = ownModuleCopies(scripts);
  console.log(`  the portal's own modules downloaded more than once: ${ownCopies.length} (goal 0)`);
  for (const [file, count] of ownCopies.slice(0, VERBOSE ? undefined : 10))
    console.log(`    ${file} in ${count} scripts`);
  if (!VERBOSE && ownCopies.length > 10)
    console.log(`    … and ${ownCopies.length - 10} more (BENCH_VERBOSE=1 lists them)`);
  if (foreignApp) {
    const foreign = scripts.filter((script) => script.app === foreignApp);
    console.log(
      `  ${foreignApp} code downloaded: ${foreign.length} scripts, ${kb(foreign.reduce((s, x) => s + x.bytes, 0))}`,
    );
  }
  return {
    total,
    count: scripts.length,
    chain: Math.max(0, ...steps.map((step) => step.chain)),
    ownCopies: ownCopies.length,
  };
}

async function main() {
  const reports = loadReports();
  const portal = await startPortalProcess({ port: 18780 + PORT_OFFSET, authEmulatorPort: 18781 + PORT_OFFSET });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const landingStep: Step = {
      name: 'landing',
      go: async (page) => {
        await page.goto('/');
        await page.getByRole('link', { name: 'Create Account' }).waitFor();
      },
      content: { selector: 'a', text: 'Create Account' },
    };
    const logInSteps = (
      email: string,
      password: string,
      shown: (page: Page) => Promise<unknown>,
      content: Content,
    ): Step[] => [
      landingStep,
      {
        name: 'click Log In → the log-in form',
        go: async (page) => {
          await page.getByRole('link', { name: 'Log In' }).click();
          await page.getByLabel('Password').waitFor();
        },
        content: { selector: 'input[type="password"]' },
      },
      {
        name: 'log in → the first page',
        go: async (page) => {
          await page.getByLabel('Email').fill(email);
          await page.getByLabel('Password').fill(password);
          await page.getByRole('button', { name: 'Log In' }).click();
          await shown(page);
        },
        content,
      },
    ];
    const landing = await visit(browser, portal.url, reports, [landingStep]);
    /** A new applicant: landing → log in → /apply → start → the first section of the active form. */
    const applyVisit = async (name: string) => {
      const applicant = await createVerifiedApplicant(
        portal.url,
        PROJECT_ID,
        `bench-${name}-${Date.now()}@example.com`,
      );
      return visit(browser, portal.url, reports, [
        ...logInSteps(
          applicant.email,
          'bench-password-1',
          async (page) => {
            await page.waitForURL(/\/apply$/);
            await page.getByRole('button', { name: 'Start application' }).waitFor();
          },
          { selector: 'main button', text: 'Start application' },
        ),
        {
          name: 'Start application → first section',
          go: async (page) => {
            await page.getByRole('button', { name: 'Start application' }).click();
            await page.waitForURL(/\/apply\/f\//);
            await page.getByRole('heading', { level: 2 }).first().waitFor();
          },
          content: { selector: 'main h2' },
        },
      ]);
    };
    const applying = await applyVisit('demo');
    const directing = await visit(
      browser,
      portal.url,
      reports,
      logInSteps(
        'director@example.com',
        DEMO_PASSWORD,
        async (page) => {
          await page.waitForURL(/\/admin/);
          await page.getByText('Super Reviewer dashboard').waitFor();
        },
        { selector: 'main', text: 'Super Reviewer dashboard' },
      ),
    );
    // Then the form as a club writes it: 15 sections, markdown in the form, section and question texts.
    const club = chapterForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    await activate(portal.url, club);
    const applyingClub = await applyVisit('club');
    console.log('First visits, Chromium, cache on, gzip as served by the local runtime:');
    const types = new Set(club.sections.flatMap((section) => section.questions.map((q) => q.questionType)));
    const totals = [
      report('landing, signed out', GOALS.landing, landing, null),
      report('applicant: landing → log in → /apply → first section (demo form)', GOALS.applicant, applying, 'admin'),
      report(
        `applicant on a club's form (${club.sections.length} sections, markdown in every description, ` +
          `${types.size} question types): same path`,
        GOALS.applicant,
        applyingClub,
        'admin',
      ),
      report('director: landing → log in → /admin', GOALS.director, directing, 'applicant'),
    ];
    const line = ({ total, count, chain, ownCopies }: (typeof totals)[number]) =>
      `${kb(total)} in ${count} scripts, chain ${chain}, own modules twice ${ownCopies}`;
    console.log(
      `\nsummary: landing ${line(totals[0]!)}; applicant (demo form) ${line(totals[1]!)}; ` +
        `applicant on a club's form ${line(totals[2]!)}; director ${line(totals[3]!)}`,
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
