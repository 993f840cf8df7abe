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
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const REVIEWERS = 40;
/** Fewer on the Firestore emulator, where one page takes seconds: the run stays within its limit. */
const RUNS = Number(process.env.BENCH_RUNS ?? (ON_SQLITE ? 20 : 5));
const PORT = 18380 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 19289 + PORT_OFFSET;
/** Used with PORTAL_STORE=firestore-emulator (the Auth emulator takes the two ports after its own). */
const FIRESTORE_EMULATOR_PORT = 18385 + PORT_OFFSET;
/**
 * The whole run, seeding included, is bounded; a watchdog that fires stops the portal and its
 * emulators. 50,000 applications on SQLite fill their element index for minutes.
 */
const RUN_LIMIT_MS = APPLICATIONS > 5000 ? 1_800_000 : ON_SQLITE ? 300_000 : 600_000;
const FORM_ID = 'demo-form-spring';
const NO_INDEXES = { indexes: [], fieldOverrides: [] };

/** Times one dashboard call RUNS times (after a warm-up) on loopback; prints p50/p95 and what it answered. */
async function timeCall(baseUrl: string, token: string, label: string, query: string) {
  const url = `${baseUrl}/api/admin/forms/${FORM_ID}/rows?${query}`;
  const get = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as {
      items?: { applicantName: string; reviewScore: number | null }[];
      total?: number;
    };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const { body } = await get();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await get()).ms);
  const first = body.items?.[0];
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95)
      .toFixed(1)
      .padStart(
        6,
      )} ms  (${body.items?.length ?? 0} of ${body.total ?? '?'}; first: ${first?.applicantName ?? '-'}, score ${
      first?.reviewScore ?? '-'
    })`,
  );
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

async function seed(dataDir: string): Promise<void> {
  const seeding = (store: Parameters<typeof seedSubmittedApplications>[0]) =>
    seedSubmittedApplications(store, { count: APPLICATIONS, reviewers: REVIEWERS });
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

async function main() {
  startWatchdog('staff bench', RUN_LIMIT_MS);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-staff-'));
  const seedStarted = performance.now();
  await seed(dataDir);
  console.log(
    `seeded ${APPLICATIONS} submitted applications with 2 submitted reviews per role, ${REVIEWERS} reviewers, in ${(
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
  try {
    const token = await signIn(portal.url, 'director@example.com');
    console.log(`super-reviewer 'all' tab, ${RUNS} runs each, loopback HTTP round trip, store: ${BENCH_STORE}:`);
    await timeCall(portal.url, token, 'first page (25, newest first)', 'tab=all&limit=25');
    const searches = async (when: string) => {
      await timeCall(portal.url, token, `search "grace" (name prefix)${when}`, 'tab=all&search=grace&limit=25');
      await timeCall(
        portal.url,
        token,
        `search "bench-applicant-04" (email)${when}`,
        'tab=all&search=bench-applicant-04&limit=25',
      );
      // Searches sort and page their matches in memory (docs/performance.md#index-budget): one letter matches the most.
      await timeCall(
        portal.url,
        token,
        `search "grace", by score desc${when}`,
        'tab=all&search=grace&sort=reviewScore&dir=desc&limit=25',
      );
      await timeCall(
        portal.url,
        token,
        `search "a" (one letter), by name${when}`,
        'tab=all&search=a&sort=name&limit=25',
      );
    };
    // Until the fill is complete, searches walk the tab's index (as before the elements existed).
    await searches('');
    await timeCall(portal.url, token, 'sort by average score, desc', 'tab=all&sort=reviewScore&dir=desc&limit=25');
    await timeCall(portal.url, token, 'sort by name, asc', 'tab=all&sort=name&dir=asc&limit=25');
    if (filled) {
      const filledAt = await filled;
      console.log(
        `array elements (search tokens) filled ${((filledAt - started) / 1000).toFixed(1)} s after the portal was started`,
      );
      await searches(', filled');
      // The bundles an applicant downloads do not depend on the store: measured on SQLite runs.
      await applicantAdminBytes(portal.url);
    }
  } finally {
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
