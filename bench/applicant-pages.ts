import { chromium, request as playwrightRequest, type Page } from '@playwright/test';
import type { ApplicationResponse } from '@portal/shared/domain';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { directorHeaders, submitApplication } from '../e2e/support/applications';
import { chapterForm, CHAPTER_FORM_ID } from '../functions/src/testing/long-form';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { activate, logIn } from './support/visits';
import { createVerifiedApplicant } from './support/accounts';

/**
 * `npm run bench:pages`: how long each applicant page takes to show its content on this machine
 * (after a click inside the portal, or the log-in), on a club's form (15 sections, markdown), and
 * how many API calls and scripts it waits on one after another (a chain: each asked for only once
 * the one before it answered). A chain does not vary with the machine's load, unlike a time.
 * Builds nothing: run `npx tsx tools/build.ts` first (npm start builds too).
 */
const PROJECT_ID = 'demo-portal';
const PASSWORD = 'bench-password-1';
const FORM_NAME = chapterForm(new Date()).semester;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Timed {
  kind: 'api' | 'script';
  path: string;
  start: number;
  end: number;
}

/** The longest run of requests of one kind where each started after the one before it ended. */
function longestChain(requests: Timed[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<Timed, number>();
  for (const request of sorted) {
    const before = sorted.filter((other) => other.end <= request.start && depth.has(other));
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other)!)));
  }
  return Math.max(0, ...depth.values());
}

/** Records the page's API calls and scripts from now on; `take()` returns and forgets them. */
function recorder(page: Page) {
  let taken: Timed[] = [];
  const started = new Map<unknown, Timed>();
  page.on('request', (request) => {
    const api = new URL(request.url()).pathname.startsWith('/api/');
    if (!api && request.resourceType() !== 'script') return;
    const path = `${request.method()} ${new URL(request.url()).pathname}`;
    started.set(request, { kind: api ? 'api' : 'script', path, start: performance.now(), end: Infinity });
  });
  const finish = (request: unknown) => {
    const timed = started.get(request);
    if (!timed) return;
    timed.end = performance.now();
    taken.push(timed);
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    take() {
      const done = taken;
      taken = [];
      return done;
    },
  };
}

/** Resolves once the page shows its heading and nothing inside it is still loading. */
async function contentShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main h1, main h2, main h3') !== null &&
      document.querySelector('main .ant-spin-spinning, main .ant-skeleton-active, main [aria-busy="true"]') === null,
    undefined,
    { polling: 20, timeout: 30_000 },
  );
}

/** The editor's section heading (the first level-2 heading), as the page shows it now. */
const sectionHeading = (page: Page) => page.evaluate(() => document.querySelector('main h2')?.textContent ?? null);

/** Goes to `path` as a link inside the portal does (no reload). */
async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

interface Step {
  page: string;
  ms: number;
  api: number;
  scripts: number;
}

/**
 * One step: from `go` (a click, a log-in or a link followed) until `ready` (what the page is for is
 * on screen, by default its heading with nothing inside still loading).
 */
async function measure(
  page: Page,
  rec: ReturnType<typeof recorder>,
  name: string,
  go: () => Promise<void>,
  ready: () => Promise<unknown> = () => contentShown(page),
) {
  await page.waitForLoadState('networkidle');
  rec.take();
  const start = performance.now();
  await go();
  await ready();
  await contentShown(page);
  const ms = performance.now() - start;
  await page.waitForLoadState('networkidle');
  const requests = rec.take();
  // BENCH_VERBOSE=1: each step's requests, in the order they started, with when (ms after the step began).
  if (process.env.BENCH_VERBOSE) {
    console.log(`${name}:`);
    for (const r of [...requests].sort((a, b) => a.start - b.start)) {
      console.log(
        `  ${(r.start - start).toFixed(0).padStart(6)} → ${(r.end - start).toFixed(0).padStart(6)}  ${r.path}`,
      );
    }
  }
  return {
    page: name,
    ms,
    api: longestChain(requests.filter((r) => r.kind === 'api')),
    scripts: longestChain(requests.filter((r) => r.kind === 'script')),
  };
}

async function main() {
  const portal = await startPortalProcess({ port: 18790 + PORT_OFFSET, authEmulatorPort: 18791 + PORT_OFFSET });
  const api = await playwrightRequest.newContext({ baseURL: portal.url });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // A decided and released application on the demo form, for the decision page.
    const decided = await createVerifiedApplicant(portal.url, PROJECT_ID, `bench-decided-${Date.now()}@example.com`);
    const response: ApplicationResponse = await submitApplication(api, { email: decided.email, password: PASSWORD });
    const headers = await directorHeaders(api);
    const decision = await api.put(`/api/admin/rows/${response.id}/bootcamp/decision`, {
      headers,
      data: { decision: 'accepted' },
    });
    if (!decision.ok()) throw new Error(`decide: ${decision.status()} ${await decision.text()}`);
    const released = await api.post(`/api/admin/forms/${response.applicationFormId}/release`, { headers, data: {} });
    if (!released.ok()) throw new Error(`release: ${released.status()} ${await released.text()}`);
    // Then the club's form is the live one.
    await activate(portal.url, chapterForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)));

    const runs: Step[][] = [];
    for (let run = 1; run <= RUNS; run++) {
      const applicant = await createVerifiedApplicant(
        portal.url,
        PROJECT_ID,
        `bench-pages-${run}-${Date.now()}@example.com`,
      );
      const steps: Step[] = [];
      for (const [who, email] of [
        ['new', applicant.email],
        ['decided', decided.email],
      ] as const) {
        const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        const rec = recorder(page);
        if (who === 'new') {
          steps.push(
            await measure(
              page,
              rec,
              'landing → log in → overview',
              () => logIn(page, email, PASSWORD),
              () => page.getByRole('button', { name: 'Start application' }).waitFor(),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'overview → editor (first section)',
              () => page.getByRole('button', { name: 'Start application' }).click(),
              () => page.getByRole('button', { name: /^Next/ }).first().waitFor(),
            ),
          );
          const firstSection = await sectionHeading(page);
          steps.push(
            await measure(
              page,
              rec,
              'editor → next section',
              () => page.getByRole('button', { name: /^Next/ }).first().click(),
              () =>
                page.waitForFunction(
                  (before) => (document.querySelector('main h2')?.textContent ?? null) !== before,
                  firstSection,
                ),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'review page',
              () => follow(page, `/apply/submit/${CHAPTER_FORM_ID}`),
              () =>
                page
                  .getByRole('button', { name: /Submit/ })
                  .first()
                  .waitFor(),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'status',
              () => follow(page, '/apply/status'),
              () => page.getByText(FORM_NAME).first().waitFor(),
            ),
          );
          steps.push(await measure(page, rec, 'interview', () => follow(page, `/apply/interview/${CHAPTER_FORM_ID}`)));
        } else {
          steps.push(
            await measure(page, rec, 'landing → log in → overview (decided)', () => logIn(page, email, PASSWORD)),
          );
          steps.push(
            await measure(page, rec, 'decision', () => follow(page, `/apply/decision/${response.id}/bootcamp`)),
          );
        }
        await context.close();
      }
      runs.push(steps);
    }

    console.log(`Applicant pages, Chromium at 1366 px, the club's form; median of ${RUNS} runs (new account each):`);
    console.log(`  ${'page'.padEnd(36)} ${'to content'.padStart(11)}  API chain  script chain`);
    runs[0]!.forEach((step, index) => {
      const all = runs.map((steps) => steps[index]!);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      console.log(
        `  ${step.page.padEnd(36)} ${`${median(all.map((s) => s.ms)).toFixed(0)} ms`.padStart(11)}  ` +
          `${String(Math.max(...all.map((s) => s.api))).padStart(9)}  ${String(Math.max(...all.map((s) => s.scripts))).padStart(12)}`,
      );
    });
  } finally {
    await browser.close();
    await api.dispose();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
