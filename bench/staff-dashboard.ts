import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { signIn } from './support/accounts';
import { percentile } from './support/percentiles';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { ELEMENT_FILLS_TABLE } from '../functions/src/store/sqlite-indexes';
import { seedSubmittedApplications } from './support/seed-applications';
import { BENCH_STORE, seedBenchStore } from './support/bench-store';
import { startWatchdog } from './support/watchdog';

const ON_SQLITE = BENCH_STORE === 'sqlite';
/** `BENCH_SIZES=500,5000` (the default): one portal per size, each on a store of its own; `BENCH_APPLICATIONS=50000` one size. */
const SIZES = (process.env.BENCH_SIZES ?? process.env.BENCH_APPLICATIONS ?? '500,5000').split(',').map(Number);
const REVIEWERS = 40;
/** Fewer on the Firestore emulator, where a call that reads every row takes seconds: the run stays within its limit. */
const RUNS = Number(process.env.BENCH_RUNS ?? (ON_SQLITE ? 20 : 10));
const PORT = 18380 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 19289 + PORT_OFFSET;
/** Used with PORTAL_STORE=firestore-emulator (the Auth emulator takes the two ports after its own). */
const FIRESTORE_EMULATOR_PORT = 18385 + PORT_OFFSET;
/**
 * The whole run, seeding included, is bounded (the sum of each size's limit); a watchdog that fires
 * stops the portal and its emulators. 50,000 applications on SQLite fill their element index for
 * minutes; the emulator's searches of 5,000 applications take tens of seconds each.
 */
const limitFor = (size: number) =>
  size > 5000 || (!ON_SQLITE && size > 500) ? 1_800_000 : ON_SQLITE ? 300_000 : 600_000;
const RUN_LIMIT_MS = SIZES.reduce((sum, size) => sum + limitFor(size), 0);
const FORM_ID = 'demo-form-spring';
const NO_INDEXES = { indexes: [], fieldOverrides: [] };

/**
 * The four calls the dashboards' goal names (docs/performance.md): the first page, a search, the
 * sort by calibrated score and the disagreement filter, each compared across sizes and with the
 * baseline (an authenticated read of one document, `GET /api/session`, timed before each sample).
 */
const GOAL_CALLS = ['first page', 'search "grace"', 'sort by calibrated score', 'disagreement filter'] as const;

interface Timing {
  p50: number;
  p95: number;
  /** The baseline's p50 over the samples taken beside this call's. */
  baseline: number;
}

type Get = (path: string, init?: RequestInit) => Promise<{ ms: number; status: number; body: unknown }>;

function client(baseUrl: string, token: string): Get {
  return async (path, init = {}) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    });
    const body = (await res.json().catch(() => null)) as unknown;
    return { ms: performance.now() - started, status: res.status, body };
  };
}

/**
 * Times one dashboard call RUNS times (after a warm-up) on loopback, each sample after one of the
 * baseline; `before` runs ahead of each sample, untimed (a review reopened or submitted). Prints
 * p50/p95, the ratio to the baseline and what it answered.
 */
async function timeCall(
  get: Get,
  label: string,
  query: string,
  before: () => Promise<void> = async () => undefined,
  warmUpLabel?: string,
): Promise<Timing> {
  const path = `/admin/forms/${FORM_ID}/rows?${query}`;
  const call = async () => {
    const result = await get(path);
    if (result.status !== 200) throw new Error(`${label}: ${result.status} ${JSON.stringify(result.body)}`);
    return result;
  };
  await before();
  const warmUp = await call();
  if (warmUpLabel) console.log(`${warmUpLabel.padEnd(50)} ${warmUp.ms.toFixed(1).padStart(11)} ms`);
  const { body } = warmUp as {
    body: {
      items?: { applicantName: string; reviewScore: number | null; calibratedReviewScore?: number | null }[];
      total?: number;
    };
  };
  const times: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    baseline.push((await get('/session')).ms);
    await before();
    times.push((await call()).ms);
  }
  const timing = { p50: percentile(times, 50), p95: percentile(times, 95), baseline: percentile(baseline, 50) };
  const first = body.items?.[0];
  console.log(
    `${label.padEnd(50)} p50 ${timing.p50.toFixed(1).padStart(7)} ms  p95 ${timing.p95.toFixed(1).padStart(7)} ms  ` +
      `(${(timing.p50 / timing.baseline).toFixed(1).padStart(5)}x baseline ${timing.baseline.toFixed(1)} ms; ` +
      `${body.items?.length ?? 0} of ${body.total ?? '?'}; first: ${first?.applicantName ?? '-'}, score ${
        first?.reviewScore ?? '-'
      }, calibrated ${first?.calibratedReviewScore ?? '-'})`,
  );
  return timing;
}

/**
 * A review of the form, reopened and submitted again by turns before each sample: the calibration
 * sums change each time, so every sample is the first call after a change of the model.
 */
async function reviewToggle(get: Get): Promise<() => Promise<void>> {
  const listed = await get(`/admin/forms/${FORM_ID}/assessments?kind=review&staffId=bench-reviewer-0&limit=1`);
  const review = (listed.body as { items: { id: string; version: number; scores: Record<string, number> }[] }).items[0];
  if (!review) throw new Error(`no review to reopen: ${JSON.stringify(listed.body)}`);
  let { version } = review;
  let submitted = true;
  return async () => {
    const path = `/admin/assessments/review/${review.id}`;
    const res = submitted
      ? await get(`${path}/reopen`, { method: 'POST', body: '{}' })
      : await get(`${path}/submit`, {
          method: 'POST',
          body: JSON.stringify({ scores: review.scores, comments: 'Bench review.', version }),
        });
    if (res.status !== 200) throw new Error(`review ${submitted ? 'reopen' : 'submit'}: ${res.status}`);
    version = (res.body as { version: number }).version;
    submitted = !submitted;
  };
}

/** The bytes of the admin remote an applicant downloads while using the applicant side. */
async function applicantAdminBytes(baseUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const fetched: { url: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => fetched.push({ url: request.url(), bytes: sizes.responseBodySize }));
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('applicant@example.com');
    await page.getByLabel('Password').fill('demo-password-123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/apply');
    for (const route of ['/apply', '/apply/status', '/profile', '/apply']) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    }
    await page.waitForTimeout(500);
    const admin = fetched.filter((entry) => new URL(entry.url).pathname.startsWith('/admin/'));
    const bytes = admin.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(
      `admin remote downloaded by an applicant: ${bytes} bytes in ${admin.length} requests (of ${fetched.length} requests)`,
    );
  } finally {
    await browser.close();
  }
}

/**
 * Resolves when the portal's fill of the multi-valued indexes (in the background after it starts)
 * is complete: no field left in the file's fill table, read through a connection of its own.
 */
async function elementFillComplete(filename: string): Promise<void> {
  const db = new Database(filename, { readonly: true });
  try {
    const pending = db.prepare(`SELECT count(*) FROM ${ELEMENT_FILLS_TABLE}`).pluck();
    while ((pending.get() as number) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  } finally {
    db.close();
  }
}

async function seed(dataDir: string, size: number): Promise<void> {
  const seeding = (store: Parameters<typeof seedSubmittedApplications>[0]) =>
    seedSubmittedApplications(store, { count: size, reviewers: REVIEWERS });
  if (!ON_SQLITE) {
    await seedBenchStore(dataDir, FIRESTORE_EMULATOR_PORT, seeding);
    return;
  }
  // Seeded without the indexes: the portal creates them when it opens the file, one sort per
  // index, instead of SQLite updating every index on every insert (at 50,000 applications the
  // seeding then took many minutes).
  const store = createSqliteStore({ filename: path.join(dataDir, 'portal.db'), indexes: NO_INDEXES });
  try {
    await seeding(store);
  } finally {
    await store.close();
  }
}

/** Seeds `size` applications, starts a portal on them and times the calls; returns the goal calls' timings. */
async function measureSize(size: number, last: boolean): Promise<Map<string, Timing>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-staff-'));
  const seedStarted = performance.now();
  await seed(dataDir, size);
  console.log(
    `\nseeded ${size} submitted applications with 2 submitted reviews per role, ${REVIEWERS} reviewers, in ${(
      (performance.now() - seedStarted) /
      1000
    ).toFixed(1)} s`,
  );
  const started = performance.now();
  const portal = await startPortalProcess({
    port: PORT,
    authEmulatorPort: AUTH_EMULATOR_PORT,
    firestoreEmulatorPort: FIRESTORE_EMULATOR_PORT,
    dataDir,
  });
  console.log(
    `portal started in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${ON_SQLITE ? 'creating the indexes' : `store: ${BENCH_STORE}`})`,
  );
  // Only SQLite fills an element index after the start; Firestore's indexes are its own.
  const filled = ON_SQLITE ? elementFillComplete(path.join(dataDir, 'portal.db')).then(() => performance.now()) : null;
  const goal = new Map<string, Timing>();
  try {
    const get = client(portal.url, await signIn(portal.url, 'director@example.com'));
    console.log(
      `super-reviewer 'all' tab, ${size} applications, ${RUNS} runs each, loopback HTTP, store: ${BENCH_STORE}:`,
    );
    const firstPage = (when: string) => timeCall(get, `first page (25, newest first)${when}`, 'tab=all&limit=25');
    goal.set('first page', await firstPage(''));
    const searches = async (when: string) => {
      const grace = await timeCall(get, `search "grace" (name prefix)${when}`, 'tab=all&search=grace&limit=25');
      await timeCall(get, `search "bench-applicant-04" (email)${when}`, 'tab=all&search=bench-applicant-04&limit=25');
      // Searches sort and page their matches in memory (docs/performance.md#index-budget): one letter matches the most.
      await timeCall(
        get,
        `search "grace", by score desc${when}`,
        'tab=all&search=grace&sort=reviewScore&dir=desc&limit=25',
      );
      await timeCall(get, `search "a" (one letter), by name${when}`, 'tab=all&search=a&sort=name&limit=25');
      return grace;
    };
    // Until the fill is complete, searches walk the tab's index (as before the elements existed).
    goal.set('search "grace"', await searches(''));
    const calibrated = 'tab=all&sort=calibratedReviewScore&dir=desc&limit=25';
    goal.set(
      'sort by calibrated score',
      await timeCall(
        get,
        'sort by calibrated score, desc',
        calibrated,
        undefined,
        "the form's first sort by it (every row's keys stored)",
      ),
    );
    await timeCall(get, 'the same, the first after a review submit or reopen', calibrated, await reviewToggle(get));
    const disagreement = (when: string) =>
      timeCall(get, `disagreement filter (25, newest first)${when}`, 'tab=all&filter=disagreement&limit=25');
    goal.set('disagreement filter', await disagreement(''));
    await timeCall(get, 'sort by average score, desc', 'tab=all&sort=reviewScore&dir=desc&limit=25');
    await timeCall(get, 'sort by name, asc', 'tab=all&sort=name&dir=asc&limit=25');
    if (filled) {
      const filledAt = await filled;
      console.log(
        `array elements (search tokens) filled ${((filledAt - started) / 1000).toFixed(1)} s after the portal was started`,
      );
      // The fill runs beside every call before it (about 38 s of a start at 5,000, 4 s at 500, so the
      // calls at 500 mostly after it): the goal's figures are those of a portal that has finished it,
      // at either size. The figures above, during the fill, stay printed.
      goal.set('first page', await firstPage(', filled'));
      goal.set('search "grace"', await searches(', filled'));
      goal.set('sort by calibrated score', await timeCall(get, 'sort by calibrated score, desc, filled', calibrated));
      goal.set('disagreement filter', await disagreement(', filled'));
      // The bundles an applicant downloads do not depend on the store or the size: measured once, on SQLite.
      if (last) await applicantAdminBytes(portal.url);
    }
  } finally {
    await portal.stop();
  }
  return goal;
}

/** The goal calls at every size: p50/p95, their ratio to the smallest size's, and to the baseline. */
function printSummary(bySize: Map<number, Map<string, Timing>>) {
  const sizes = [...bySize.keys()];
  const smallest = bySize.get(sizes[0]!)!;
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\nsummary, store: ${BENCH_STORE} (ms; x: the p50 over the baseline's, GET /api/session, in the same run)`,
  );
  console.log(
    `${'call'.padEnd(28)}${sizes
      .map((size) => `${size.toLocaleString('en-US')}: p50 / p95 (x)`.padStart(30))
      .join('')}${sizes.length > 1 ? `${'p50, p95, x against the first size'.padStart(40)}` : ''}`,
  );
  for (const call of GOAL_CALLS) {
    const cells = sizes.map((size) => {
      const timing = bySize.get(size)!.get(call)!;
      return `${ms(timing.p50)} / ${ms(timing.p95)} (${(timing.p50 / timing.baseline).toFixed(1)})`.padStart(30);
    });
    const base = smallest.get(call)!;
    const growth = sizes.slice(1).map((size) => {
      const timing = bySize.get(size)!.get(call)!;
      const x = timing.p50 / timing.baseline / (base.p50 / base.baseline);
      return `${(timing.p50 / base.p50).toFixed(2)}, ${(timing.p95 / base.p95).toFixed(2)}, ${x.toFixed(2)}`;
    });
    console.log(`${call.padEnd(28)}${cells.join('')}${growth.map((cell) => cell.padStart(40)).join('')}`);
  }
  console.log('goal: p50 ≤ 150 ms and p95 ≤ 400 ms at 5,000, within 1.5x of the figures at 500');
}

async function main() {
  startWatchdog('staff bench', RUN_LIMIT_MS);
  const bySize = new Map<number, Map<string, Timing>>();
  for (const [at, size] of SIZES.entries()) bySize.set(size, await measureSize(size, at === SIZES.length - 1));
  printSummary(bySize);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
