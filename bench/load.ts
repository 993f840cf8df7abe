/**
 * Concurrent load on the real portal (loopback, bounded): 50 applicants saving (and a few submitting
 * near the end) for 30 s while 5 staff readers page through the dashboards; prints throughput and
 * p50/p95/p99 latency per kind and the error counts, then checks that every applicant's stored
 * response is exactly its last acknowledged save (or its submission) and that no stale save won.
 * Exits non-zero on any mismatch, any stale save accepted or a failed database integrity check.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withAnswer, type ApplicationResponse } from '@portal/shared/domain';
import { startPortalProcess } from '../tools/portal-process';
import { createVerifiedApplicant, signIn, type BenchApplicant } from './support/accounts';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE, benchStoreIntegrity, seedBenchStore } from './support/bench-store';
import { edited, verify, type Saver } from './support/load-saves';
import { LoadStats } from './support/load-stats';
import { seedSubmittedApplications } from './support/seed-applications';
import { recountForm } from '../functions/src/store/form-counters';
import { startWatchdog } from './support/watchdog';

const PROJECT_ID = 'demo-portal';
const FORM_ID = 'demo-form-spring';
const PORT = 18580 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 18581 + PORT_OFFSET;
/** Used with PORTAL_STORE=firestore-emulator (the auth emulator takes the two ports after its own). */
const FIRESTORE_EMULATOR_PORT = 18585 + PORT_OFFSET;
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 50);
const STAFF_READERS = 5;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Applicants with index % SUBMIT_EVERY === 0 submit once, SUBMIT_BEFORE_END_MS before the end (10%). */
const SUBMIT_EVERY = 10;
const SUBMIT_BEFORE_END_MS = 3000;
/**
 * An applicant's 3rd save, and every STALE_EVERY-th after it, is sent with an older version: it must
 * get 409 (from the 3rd, so a slow store that gets few saves per applicant is still checked).
 */
const STALE_EVERY = 15;
const FIRST_STALE = 3;
/** Submitted applications seeded before the start, so the dashboards read a realistic table. */
const SEEDED_APPLICATIONS = Number(process.env.BENCH_SEEDED ?? 1000);

const KINDS = ['save', 'stale', 'submit', 'afterSubmit', 'dashboard'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  save: 'save',
  stale: 'stale save (old ver.)',
  submit: 'submit',
  afterSubmit: 'save after submit',
  dashboard: 'dashboard read',
};
/** What each kind must be answered with; anything else is counted as an error. */
const EXPECTED: Record<Kind, string> = {
  save: '200',
  stale: '409',
  submit: '200',
  afterSubmit: '403',
  dashboard: '200',
};

const DASHBOARD_PATHS = [
  `/api/admin/forms/${FORM_ID}/rows?tab=all&limit=25`,
  `/api/admin/forms/${FORM_ID}/rows?tab=qualified&limit=25`,
  `/api/admin/forms/${FORM_ID}/rows?tab=all&search=grace&limit=25`,
  `/api/admin/forms/${FORM_ID}/rows?tab=all&sort=reviewScore&dir=desc&limit=25`,
  `/api/admin/forms/${FORM_ID}/rows?tab=all&sort=name&dir=asc&limit=25`,
  `/api/admin/forms/${FORM_ID}/staff?kind=review`,
];

const stats = new LoadStats<Kind>(KINDS);

const jsonHeaders = (token: string) => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });

async function prepareSaver(baseUrl: string, account: BenchApplicant, index: number): Promise<Saver> {
  const headers = jsonHeaders(account.idToken);
  const started = await fetch(`${baseUrl}/api/responses`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ formId: FORM_ID }),
  });
  if (started.status !== 201) throw new Error(`start ${account.email}: ${started.status} ${await started.text()}`);
  let response = (await started.json()) as ApplicationResponse;
  if (index % SUBMIT_EVERY === 0) {
    // Submitters upload a resume first (a file question the submit requires).
    const uploaded = await fetch(`${baseUrl}/api/files/${response.id}/resume`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/pdf',
        'X-File-Name': 'resume.pdf',
        Authorization: `Bearer ${account.idToken}`,
      },
      body: Buffer.from('%PDF-1.4\n% bench resume\n%%EOF\n'),
    });
    if (uploaded.status !== 201)
      throw new Error(`upload ${account.email}: ${uploaded.status} ${await uploaded.text()}`);
    const { id: fileId } = (await uploaded.json()) as { id: string };
    response = withAnswer(response, 'about-you', 'resume', fileId);
  }
  return {
    index,
    account,
    responseId: response.id,
    acked: response,
    ackedCounter: 0,
    submitted: null,
    staleAccepted: 0,
  };
}

async function saveLoop(baseUrl: string, saver: Saver, deadline: number): Promise<void> {
  const headers = jsonHeaders(saver.account.idToken);
  const url = `${baseUrl}/api/application/save/${saver.responseId}`;
  const submitAt = saver.index % SUBMIT_EVERY === 0 ? deadline - SUBMIT_BEFORE_END_MS : Infinity;
  for (let counter = 1; Date.now() < deadline; counter++) {
    if (Date.now() >= submitAt) {
      const res = await stats.time('submit', () =>
        fetch(`${baseUrl}/api/application/submit`, { method: 'POST', headers, body: JSON.stringify(saver.acked) }),
      );
      const text = await res.text();
      if (res.status !== 200) {
        console.error(`submit ${saver.account.email}: ${res.status} ${text}`);
        return;
      }
      saver.submitted = JSON.parse(text) as ApplicationResponse;
      // A save after the submit (e.g. a late autosave from another tab) must be refused.
      const late = await stats.time('afterSubmit', () =>
        fetch(url, { method: 'PUT', headers, body: JSON.stringify(edited(saver.submitted!, saver.index, counter)) }),
      );
      await late.text();
      return;
    }
    if (counter % STALE_EVERY === FIRST_STALE && saver.acked.version > 0) {
      const stale = edited({ ...saver.acked, version: saver.acked.version - 1 }, saver.index, counter, true);
      const res = await stats.time('stale', () => fetch(url, { method: 'PUT', headers, body: JSON.stringify(stale) }));
      const text = await res.text();
      if (res.status === 200) {
        saver.staleAccepted += 1;
        saver.acked = JSON.parse(text) as ApplicationResponse;
      }
      continue;
    }
    const body = edited(saver.acked, saver.index, counter);
    const res = await stats.time('save', () => fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) }));
    const text = await res.text();
    if (res.status === 200) {
      saver.acked = JSON.parse(text) as ApplicationResponse;
      saver.ackedCounter = counter;
    }
  }
}

async function readerLoop(baseUrl: string, token: string, reader: number, deadline: number): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = reader; Date.now() < deadline; i++) {
    const res = await stats.time('dashboard', () =>
      fetch(`${baseUrl}${DASHBOARD_PATHS[i % DASHBOARD_PATHS.length]}`, { headers }),
    );
    await res.arrayBuffer();
  }
}

/**
 * The whole run, seeding included, is bounded: a hang (e.g. a request that never answers) ends it
 * with an error and stops the portal and its emulators. On the Firestore emulator seeding, the
 * start and the accounts take longer, and a dashboard read still in flight at the deadline
 * (seconds each there) is waited for.
 */
const RUN_LIMIT_MS = BENCH_STORE === 'sqlite' ? 115_000 : 300_000;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function main() {
  const began = performance.now();
  startWatchdog('load bench', RUN_LIMIT_MS);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-load-'));
  if (SEEDED_APPLICATIONS > 0) {
    await seedBenchStore(dataDir, FIRESTORE_EMULATOR_PORT, (store) =>
      seedSubmittedApplications(store, { count: SEEDED_APPLICATIONS, reviewers: 20 }).then(
        // A form made through the API has its counters from the start (store/form-counters.ts); the
        // seeded one gets them here, or the dashboards' first read would count them under the load,
        // and that one transaction over the form's rows and responses holds up every save.
        async () => void (await recountForm(store, FORM_ID)),
      ),
    );
    console.log(`seeded ${SEEDED_APPLICATIONS} applications in ${seconds(began)} s`);
  }
  const starting = performance.now();
  const portal = await startPortalProcess({
    port: PORT,
    authEmulatorPort: AUTH_EMULATOR_PORT,
    firestoreEmulatorPort: FIRESTORE_EMULATOR_PORT,
    dataDir,
  });
  console.log(`portal started in ${seconds(starting)} s`);
  let failed = false;
  try {
    const stamp = Date.now();
    const accounts = await Promise.all(
      Array.from({ length: APPLICANTS }, (_, i) =>
        createVerifiedApplicant(portal.url, PROJECT_ID, `load-${stamp}-${i}@example.com`),
      ),
    );
    const directorToken = await signIn(portal.url, 'director@example.com', 'demo-password-123');
    const savers = await Promise.all(accounts.map((account, i) => prepareSaver(portal.url, account, i)));
    const submitters = savers.filter((saver) => saver.index % SUBMIT_EVERY === 0).length;
    console.log(
      `load: ${APPLICANTS} applicants saving (${submitters} submit ${SUBMIT_BEFORE_END_MS / 1000} s before the end), ` +
        `${STAFF_READERS} staff readers on the dashboards (${SEEDED_APPLICATIONS} seeded submitted applications), ` +
        `${LOAD_SECONDS} s on loopback (${portal.url}), store: ${BENCH_STORE}`,
    );

    const loadStarted = performance.now();
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    await Promise.all([
      ...savers.map((saver) => saveLoop(portal.url, saver, deadline)),
      ...Array.from({ length: STAFF_READERS }, (_, reader) => readerLoop(portal.url, directorToken, reader, deadline)),
    ]);
    const seconds = (performance.now() - loadStarted) / 1000;

    console.log(`\nthroughput and latency over ${seconds.toFixed(1)} s:`);
    console.log(stats.table(seconds, LABELS));
    console.log(
      `\nstale saves refused with 409: ${stats.count('stale', '409')} of ${stats.count('stale')}; ` +
        `saves after submit refused with 403: ${stats.count('afterSubmit', '403')} of ${stats.count('afterSubmit')}`,
    );
    const unexpected = stats.unexpected(EXPECTED);
    console.log(`errors by status: ${unexpected.length === 0 ? 'none' : unexpected.join(', ')}`);

    const result = await verify(portal.url, savers);
    const acknowledged = savers.reduce((sum, saver) => sum + saver.ackedCounter, 0);
    console.log(
      `\nzero-loss verification: ${result.matching}/${savers.length} applicants match, ${result.lost} lost, ` +
        `${result.staleOverwrites} stale overwrites (${stats.count('save', '200')} acknowledged saves, ` +
        `${savers.filter((saver) => saver.submitted).length} submissions)`,
    );
    for (const problem of result.problems) console.log(`  ${problem}`);
    if (acknowledged === 0 || result.matching !== savers.length) failed = true;
  } finally {
    await portal.stop();
  }
  const integrity = benchStoreIntegrity(dataDir);
  if (BENCH_STORE === 'sqlite') console.log(`database integrity_check after stop: ${integrity}`);
  if (integrity !== 'ok') failed = true;
  console.log(`total run time ${((performance.now() - began) / 1000).toFixed(1)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
