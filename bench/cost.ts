/**
 * What each action costs in Cloud Firestore's billed operations: the documents it reads, writes and
 * deletes, counted at the storage port (`countingStore`) while the API (in process, as the tests
 * run it) and the scheduled functions do their work on a club of 500 and of 5,000 seeded
 * applications (`BENCH_SIZES`). Then the month's bill those counts make for a 500-applicant club, a
 * 5,000-applicant club and 100 clubs, with the usage and the list prices it assumes.
 *
 * `npm run bench:cost` counts on SQLite (in memory); `PORTAL_STORE=firestore-emulator npm run
 * bench:cost` counts on SQLite and on Google's Firestore emulator and prints both where they differ.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  INITIAL_RESPONSE_STATUS,
  emptySectionResponses,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type User,
} from '@portal/shared/domain';
import { formStatusOf } from '../functions/src/forms/form-status';
import { DEFAULT_MAIL_SETTINGS } from '../functions/src/outbox/outbox';
import { createOutboxSender, triggerEmailTransport } from '../functions/src/outbox/outbox-sender';
import { createScheduler } from '../functions/src/scheduler/scheduler';
import { createReviewerDigestService } from '../functions/src/staff/digest/reviewer-digest.service';
import { createReviewsRepository } from '../functions/src/staff/reviews.repository';
import { DEMO_DISAGREEMENT_THRESHOLD } from '../functions/src/seed/demo-reviews';
import { OVERDUE_RESCAN_MS } from '../functions/src/staff/dashboard/reviewer-progress.service';
import { createLocalFileStore } from '../functions/src/files/local-file-store';
import { JOB_INLINE_MS } from '../functions/src/jobs/job-runner';
import { COLLECTIONS } from '../functions/src/store/collections';
import { countingStore, type StoreCounts } from '../functions/src/store/counting-store';
import type { DocumentStore, WriteOperation } from '../functions/src/store/document-store';
import { createFirestoreStore } from '../functions/src/store/firestore-store';
import { queryAllWithIds } from '../functions/src/store/query-pages';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { STORE_LIMITS } from '../functions/src/store/store-limits';
import {
  completeResponse,
  createHarness,
  DAY_MS,
  FORM_ID,
  later,
  START,
  updateForm,
} from '../functions/src/testing/api-harness';
import { assign } from '../functions/src/testing/staff-fixtures';
import { userRecord } from '../functions/src/users/users.repository';
import { pointAtFirestoreEmulator, startFirestoreEmulator } from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { BENCH_STORE } from './support/bench-store';
import { measureLongWork } from './support/long-work';
import { seedSubmittedApplications } from './support/seed-applications';
import { seedResumes } from './support/seed-uploads';
import { startWatchdog } from './support/watchdog';

const SIZES = (process.env.BENCH_SIZES ?? '500,5000').split(',').map(Number);
const REVIEWERS = 40;
/** Drafts within 48 h of the due date, for the draft reminders' share of a scheduler minute. */
const DRAFTS = 20;
const FIRESTORE_PORT = 18780 + PORT_OFFSET;
/** Seeding, auto-assign, the ZIP and the release of 5,000 applicants on the emulator take most of it. */
const RUN_LIMIT_MS = BENCH_STORE === 'sqlite' ? 300_000 : 1_500_000;
/** Each applicant's resume: the bytes the files ZIP packs. */
const RESUME_BYTES = 20_000;
const REVIEW_SCORES = { motivation: 4, experience: 2, communication: 3 };

/**
 * Firestore's list prices (USD per 100,000 operations) and its free quota per project and day, as
 * published on cloud.google.com/firestore/pricing: a multi-region location (nam5, eur3); a
 * single-region location such as us-central1 lists about half.
 */
const PRICES = { reads: 0.06, writes: 0.18, deletes: 0.02 };
const FREE_PER_DAY = { reads: 50_000, writes: 20_000, deletes: 20_000 };

/** The month the cost model assumes for one club (a recruitment month; the scheduled functions run all of it). */
const MONTH = {
  minutes: 30 * 24 * 60,
  /** Minutes the form is past its review due date and not released yet. */
  overdueMinutes: 7 * 24 * 60,
  /** Minutes of the 48 h before the due date (draft reminders). */
  draftWindowMinutes: 48 * 60,
  /** Of the applicants, those whose response is still a draft in the 48 h before the due date. */
  draftShare: 0.5,
  autosavesPerApplicant: 100,
  reviewsPerApplicant: 3,
  /** Staff dashboard pages per applicant in the month; one per review submitted is the first after a change. */
  dashboardPagesPerApplicant: 10,
  searchesPerApplicant: 2,
};

type Action =
  | 'dashboardCold'
  | 'dashboardWarm'
  | 'search'
  | 'calibratedWarm'
  | 'calibratedCold'
  | 'disagreement'
  | 'start'
  | 'autosave'
  | 'submit'
  | 'reviewSubmit'
  | 'decision'
  | 'pipeline'
  | 'schedulerIdle'
  | 'senderIdle'
  | 'liveForm'
  | 'inactiveForm'
  | 'releasedForm'
  | 'draftMinute'
  | 'overdueMinute'
  | 'overdueRescan'
  | 'autoAssign'
  | 'filesExport'
  | 'release'
  | 'senderPerMessage'
  | 'schedulerAfterRelease'
  | 'retentionLook'
  | 'digestDay';

const LABELS: Record<Action, string> = {
  dashboardCold: 'dashboard page, first after a review submit',
  dashboardWarm: 'dashboard page, nothing changed since',
  search: 'search "grace", first page',
  calibratedWarm: 'sort by calibrated score, nothing changed since',
  calibratedCold: 'sort by calibrated score, first after a review submit',
  disagreement: 'disagreement filter, first page',
  start: 'start an application',
  autosave: 'autosave',
  submit: 'submit',
  reviewSubmit: 'review submit',
  decision: 'decision on a row',
  pipeline: 'pipeline at a glance',
  schedulerIdle: 'scheduler minute, idle (1 live form)',
  senderIdle: 'outbox sender minute, idle',
  liveForm: 'scheduler minute: + per live form (no rows)',
  inactiveForm: 'scheduler minute: + per inactive form',
  releasedForm: 'scheduler minute: + per released form',
  draftMinute: `scheduler minute: + per draft in the 48 h window`,
  overdueMinute: 'scheduler minute, live form past review due',
  overdueRescan: 'scheduler minute past review due: the hourly look',
  autoAssign: 'auto-assign (preview, job, progress), per review',
  filesExport: 'files ZIP (job, progress, download), per applicant',
  release: 'release, per applicant',
  senderPerMessage: 'outbox sender, per message sent',
  schedulerAfterRelease: 'scheduler minute, form released',
  retentionLook: 'data retention: the hourly look (form released)',
  digestDay: "reviewer digests: the day's run, once a day",
};

type Counts = Pick<StoreCounts, 'reads' | 'writes' | 'deletes'> & { byCollection?: StoreCounts['byCollection'] };

const minus = (a: Counts, b: Counts, per = 1): Counts => ({
  reads: (a.reads - b.reads) / per,
  writes: (a.writes - b.writes) / per,
  deletes: (a.deletes - b.deletes) / per,
});
const divided = (a: Counts, per: number): Counts => ({
  ...minus(a, { reads: 0, writes: 0, deletes: 0 }, per),
  byCollection: a.byCollection,
});

/** Every action's counts on a club of `size` seeded applications, on `raw` (empty; closed by the caller). */
async function measureClub(raw: DocumentStore, size: number, log: (line: string) => void) {
  const began = performance.now();
  await seedSubmittedApplications(raw, { count: size, reviewers: REVIEWERS });
  const fileRoot = await mkdtemp(path.join(os.tmpdir(), 'bench-cost-files-'));
  const files = createLocalFileStore({ root: fileRoot });
  const resumes = await seedResumes(raw, files, { formId: FORM_ID, bytes: RESUME_BYTES, at: START });
  log(`seeded ${size} applications (${resumes} resumes) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const store = countingStore(raw);
  // Long work answers as in production: after JOB_INLINE_MS, its job doing the rest.
  const harness = await createHarness({ store, files, jobInlineMs: JOB_INLINE_MS });
  // The harness writes its own form: the seed's threshold back, so the rows it flagged are the form's.
  await raw.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: DEMO_DISAGREEMENT_THRESHOLD });
  const counts = {} as Record<Action, Counts>;
  const measure = async <R>(action: Action, work: () => Promise<R>): Promise<R> => {
    const { result, counts: counted } = await store.measure(work);
    counts[action] = counted;
    return result;
  };
  const expectStatus = (res: { status: number; text: string }, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
  };
  const rows = (query: string) => harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);

  // A new instance's first page reads what a page after any change reads; the second, what is kept.
  expectStatus(await rows('tab=all&limit=25'), 200, 'first page');
  expectStatus(await measure('dashboardWarm', () => rows('tab=all&limit=25')), 200, 'warm page');
  expectStatus(await measure('search', () => rows('tab=all&search=grace&limit=25')), 200, 'search');
  // The first sort by calibrated score stores every row's keys; the next reads a page.
  const calibrated = 'tab=all&sort=calibratedReviewScore&dir=desc&limit=25';
  expectStatus(await rows(calibrated), 200, 'first calibrated sort');
  expectStatus(await measure('calibratedWarm', () => rows(calibrated)), 200, 'calibrated sort');
  expectStatus(await measure('disagreement', () => rows('tab=all&filter=disagreement&limit=25')), 200, 'disagreement');

  const started = await measure('start', () => harness.as('ada').post('/responses', { formId: FORM_ID }));
  expectStatus(started, 201, 'start');
  const complete = await completeResponse(harness, started.body as ApplicationResponse);
  const saved = await measure('autosave', () => harness.as('ada').put(`/application/save/${complete.id}`, complete));
  expectStatus(saved, 200, 'autosave');
  const submitted = await measure('submit', () => harness.as('ada').post('/application/submit', saved.body as object));
  expectStatus(submitted, 200, 'submit');

  const [review] = await assign(harness, [{ responseId: complete.id, role: 'engineer', staffId: 'rita' }]);
  const reviewed = await measure('reviewSubmit', () =>
    harness
      .as('rita')
      .post(`/admin/assessments/review/${review!.id}/submit`, { scores: REVIEW_SCORES, comments: '', version: 0 }),
  );
  expectStatus(reviewed, 200, 'review submit');
  expectStatus(await measure('dashboardCold', () => rows('tab=all&limit=25')), 200, 'page after a review');
  expectStatus(await measure('calibratedCold', () => rows(calibrated)), 200, 'calibrated sort after a review');
  const decided = await measure('decision', () =>
    harness.as('dora').put(`/admin/rows/${complete.id}/engineer/decision`, { decision: 'waitlist' }),
  );
  expectStatus(decided, 200, 'decision');
  const pipeline = await measure('pipeline', () => harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline`));
  expectStatus(pipeline, 200, 'pipeline');

  // The scheduled functions, as production runs them every minute.
  const now = () => harness.clock.now;
  const scheduler = createScheduler({ store, now, mail: DEFAULT_MAIL_SETTINGS });
  const sender = createOutboxSender({ store, transport: triggerEmailTransport, now });
  const drainOutbox = async () => {
    while ((await sender.runOnce()).sent > 0);
  };
  await scheduler.runOnce();
  await drainOutbox();
  await measure('schedulerIdle', () => scheduler.runOnce());
  await measure('senderIdle', () => sender.runOnce());

  const form = (await raw.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
  for (const [action, extra] of [
    ['liveForm', { id: 'cost-live-form' }],
    ['inactiveForm', { id: 'cost-inactive-form', isActive: false }],
    ['releasedForm', { id: 'cost-released-form', decisionsReleased: true }],
  ] as const) {
    // As publishing writes a form: with its status document (what the scheduler queries).
    await raw.set(COLLECTIONS.forms, extra.id, { ...form, ...extra });
    await raw.set(COLLECTIONS.formStatus, extra.id, formStatusOf({ ...form, ...extra }));
    await scheduler.runOnce();
    const { counts: withForm } = await store.measure(() => scheduler.runOnce());
    counts[action] = minus(withForm, counts.schedulerIdle);
    await raw.delete(COLLECTIONS.forms, extra.id);
    await raw.delete(COLLECTIONS.formStatus, extra.id);
  }

  // Drafts in the 48 h before the due date: each is reminded once, then looked at every minute.
  const drafts: WriteOperation[] = [];
  for (let index = 0; index < DRAFTS; index++) {
    const user: User = {
      id: `cost-draft-${index}`,
      email: `cost-draft-${index}@example.com`,
      firstName: 'Draft',
      lastName: `Applicant ${index}`,
      role: 'applicant',
      activeApplications: [FORM_ID],
    };
    const draft: ApplicationResponse = {
      id: `cost-draft-response-${index}`,
      userId: user.id,
      applicationFormId: FORM_ID,
      sectionResponses: emptySectionResponses(form),
      status: INITIAL_RESPONSE_STATUS,
      dateSubmitted: START.toISOString(),
      rolesApplied: [],
      version: 1,
    };
    drafts.push(
      { kind: 'set', collection: COLLECTIONS.users, id: user.id, data: userRecord(user) },
      { kind: 'set', collection: COLLECTIONS.responses, id: draft.id, data: draft },
    );
  }
  await raw.batch(drafts);
  harness.clock.now = new Date(Date.parse(form.dueDate) - DAY_MS);
  await scheduler.runOnce();
  await drainOutbox();
  const { counts: draftMinute } = await store.measure(() => scheduler.runOnce());
  counts.draftMinute = minus(draftMinute, counts.schedulerIdle, DRAFTS);
  await raw.batch(drafts.map(({ collection, id }) => ({ kind: 'delete', collection, id })));
  harness.clock.now = START;

  // Past the review due date, not released: what every minute reads until the release.
  await updateForm(raw, FORM_ID, { reviewDueDate: later(START, -DAY_MS).toISOString() });
  await scheduler.runOnce();
  await drainOutbox();
  await measure('overdueMinute', () => scheduler.runOnce());
  // Once an hour it looks again for reviewers with open reviews (those assigned since). That hour
  // (08:00 in the chapter's zone) is also the reviewers' digests' (staff/digest/digest-look.ts): run
  // first (nobody has open work yet), so the look's row stays the look's; their day is measured below.
  harness.clock.now = later(START, OVERDUE_RESCAN_MS);
  await scheduler.digests.runIfDue();
  await measure('overdueRescan', () => scheduler.runOnce());
  harness.clock.now = START;

  // Auto-assign and the files ZIP as the director runs them (a job each, followed each second as the
  // page does): the longest request and the time until done.
  const longWork = await measureLongWork(harness, measure, log);
  counts.autoAssign = divided(counts.autoAssign, Math.max(1, longWork.reviews));
  counts.filesExport = divided(counts.filesExport, Math.max(1, resumes));

  // The reviewers' digests on a day after auto-assign: every reviewer has new open reviews (the
  // day's run without its mark, one read and one write more).
  harness.clock.now = later(START, 2 * OVERDUE_RESCAN_MS);
  const digestService = createReviewerDigestService({
    store,
    reviews: createReviewsRepository(store),
    now,
    mail: DEFAULT_MAIL_SETTINGS,
  });
  const digests = await measure('digestDay', () => digestService.sendDaily('bench-day'));
  log(`reviewer digests: ${digests.sent} sent, ${digests.nothingToSay} with nothing to say`);
  harness.clock.now = START;
  await rm(fileRoot, { recursive: true, force: true });

  // The release: every row decided first (straight into the store), then one request.
  const formRows = await queryAllWithIds<ApplicationRow>(raw, COLLECTIONS.reviewStatuses, [
    { field: 'applicationFormId', value: FORM_ID },
  ]);
  const decisions: WriteOperation[] = formRows.map(({ id }) => ({
    kind: 'update',
    collection: COLLECTIONS.reviewStatuses,
    id,
    patch: { decision: 'accepted', final: true },
  }));
  for (let start = 0; start < decisions.length; start += STORE_LIMITS.writesPerCommit) {
    await raw.batch(decisions.slice(start, start + STORE_LIMITS.writesPerCommit));
  }
  const applicants = new Set(formRows.map(({ data }) => data.userId)).size;
  const releaseStarted = performance.now();
  let answeredAfter = 0;
  await measure('release', async () => {
    const released = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {});
    answeredAfter = performance.now() - releaseStarted;
    if (released.status !== 202) expectStatus(released, 200, 'release');
    // A large release answers 202 and writes the rest of its emails in its job: counted until done.
    while ((await raw.get<{ state: string }>(COLLECTIONS.jobs, FORM_ID))?.state !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  log(
    `released ${applicants} applicants: the request answered in ${seconds(answeredAfter)} s, ` +
      `every email written in ${seconds(performance.now() - releaseStarted)} s`,
  );
  counts.release = divided(counts.release, applicants);
  const { result: sent, counts: sending } = await store.measure(() => sender.runOnce());
  counts.senderPerMessage = divided(sending, Math.max(1, sent.sent));
  await drainOutbox();
  await measure('schedulerAfterRelease', () => scheduler.runOnce());
  // The retention's look, once an hour (retention/retention-look.ts): the first gives the released
  // form its record; each one after reads the counts and the earliest record.
  await scheduler.retention.runDue();
  await measure('retentionLook', () => scheduler.retention.runDue());
  log(`measured in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return counts;
}

type ClubCounts = Record<Action, Counts>;

/**
 * The month of `clubs` clubs of `applicants` each on one deployment (MONTH's assumptions), from the
 * counts measured at that size. The scheduled functions run once a minute for the whole deployment:
 * what a minute reads whatever the forms is counted once, what it reads per live form once per club.
 */
function monthOf(counts: ClubCounts, applicants: number, clubs: number): { usage: Counts; schedulerReads: number } {
  const usage: Counts = { reads: 0, writes: 0, deletes: 0 };
  let schedulerReads = 0;
  const add = (action: Action, times: number, scheduled = false) => {
    usage.reads += counts[action].reads * times;
    usage.writes += counts[action].writes * times;
    usage.deletes += counts[action].deletes * times;
    if (scheduled) schedulerReads += counts[action].reads * times;
  };
  const pages = MONTH.dashboardPagesPerApplicant * applicants * clubs;
  const reviews = MONTH.reviewsPerApplicant * applicants * clubs;
  const coldPages = Math.min(pages, reviews);
  add('start', applicants * clubs);
  add('autosave', MONTH.autosavesPerApplicant * applicants * clubs);
  add('submit', applicants * clubs);
  add('reviewSubmit', reviews);
  add('dashboardCold', coldPages);
  add('dashboardWarm', pages - coldPages);
  add('search', MONTH.searchesPerApplicant * applicants * clubs);
  add('release', applicants * clubs);
  // Three messages per applicant (submission receipt, decision, a reminder), sent one by one.
  add('senderPerMessage', 3 * applicants * clubs);
  add('senderIdle', MONTH.minutes, true);
  // A minute with one live form, plus one live form per further club.
  add('schedulerIdle', MONTH.minutes, true);
  add('liveForm', MONTH.minutes * (clubs - 1), true);
  const overdue: Counts = minus(counts.overdueMinute, counts.schedulerIdle);
  const rescan: Counts = minus(counts.overdueRescan, counts.overdueMinute);
  const rescans = MONTH.overdueMinutes / (OVERDUE_RESCAN_MS / 60_000);
  usage.reads += (overdue.reads * MONTH.overdueMinutes + rescan.reads * rescans) * clubs;
  schedulerReads += (overdue.reads * MONTH.overdueMinutes + rescan.reads * rescans) * clubs;
  add('draftMinute', MONTH.draftWindowMinutes * MONTH.draftShare * applicants * clubs, true);
  add('retentionLook', MONTH.minutes / 60, true);
  add('digestDay', (MONTH.minutes / (24 * 60)) * clubs, true);
  return { usage, schedulerReads };
}

const dollars = (usage: Counts, freeDays = 0) =>
  (['reads', 'writes', 'deletes'] as const).reduce(
    (sum, kind) => sum + (Math.max(0, usage[kind] - FREE_PER_DAY[kind] * freeDays) / 100_000) * PRICES[kind],
    0,
  );

const format = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const millions = (value: number) => `${(value / 1e6).toFixed(2)} M`;

/** The collections an action read most from, for where the reads come from. */
function topReads(counts: Counts): string {
  const entries = Object.entries(counts.byCollection ?? {})
    .filter(([, entry]) => entry.reads > 0)
    .sort(([, a], [, b]) => b.reads - a.reads)
    .slice(0, 3);
  return entries.map(([collection, entry]) => `${collection} ${format(entry.reads)}`).join(', ');
}

async function onSqlite(size: number, log: (line: string) => void): Promise<ClubCounts> {
  const raw = createSqliteStore({ filename: ':memory:' });
  try {
    return await measureClub(raw, size, log);
  } finally {
    await raw.close();
  }
}

async function onFirestore(host: string, size: number, log: (line: string) => void): Promise<ClubCounts> {
  pointAtFirestoreEmulator(host);
  const app = initializeApp({ projectId: `demo-bench-cost-${size}` }, `bench-cost-${size}`);
  const db = getFirestore(app);
  try {
    return await measureClub(createFirestoreStore(db), size, log);
  } finally {
    await db.terminate();
    await deleteApp(app);
  }
}

function printCounts(size: number, byStore: [string, ClubCounts][]) {
  const [first, ...others] = byStore;
  console.log(`\n${size.toLocaleString('en-US')} seeded applications (reads / writes / deletes per action):`);
  console.log(
    `${'action'.padEnd(48)}${byStore.map(([name]) => name.padStart(22)).join('')}   most reads from (${first![0]})`,
  );
  for (const action of Object.keys(LABELS) as Action[]) {
    const cells = byStore.map(([, counts]) => {
      const { reads, writes, deletes } = counts[action];
      return `${format(reads)} / ${format(writes)} / ${format(deletes)}`.padStart(22);
    });
    const differs = others.some(
      ([, counts]) =>
        counts[action].reads !== first![1][action].reads ||
        counts[action].writes !== first![1][action].writes ||
        counts[action].deletes !== first![1][action].deletes,
    );
    console.log(
      `${LABELS[action].padEnd(48)}${cells.join('')}   ${topReads(first![1][action])}${differs ? '  (stores differ)' : ''}`,
    );
  }
}

async function main() {
  const began = performance.now();
  startWatchdog('cost bench', RUN_LIMIT_MS);
  const log = (line: string) => console.log(`  ${line}`);
  const results = new Map<number, [string, ClubCounts][]>();
  for (const size of SIZES) {
    console.log(`SQLite, ${size} applications:`);
    results.set(size, [['SQLite', await onSqlite(size, log)]]);
  }
  if (BENCH_STORE !== 'sqlite') {
    const emulator = await startFirestoreEmulator({ port: FIRESTORE_PORT });
    try {
      for (const size of SIZES) {
        console.log(`Firestore emulator, ${size} applications:`);
        results.get(size)!.push(['Firestore emulator', await onFirestore(emulator.host, size, log)]);
      }
    } finally {
      await emulator.stop();
    }
  }
  for (const [size, byStore] of results) printCounts(size, byStore);

  console.log(
    `\nprices assumed (USD per 100,000, Firestore list prices, multi-region; single region about half): ` +
      `reads ${PRICES.reads}, writes ${PRICES.writes}, deletes ${PRICES.deletes}; ` +
      `free quota per project and day: ${FREE_PER_DAY.reads.toLocaleString('en-US')} reads, ` +
      `${FREE_PER_DAY.writes.toLocaleString('en-US')} writes, ${FREE_PER_DAY.deletes.toLocaleString('en-US')} deletes`,
  );
  console.log(
    `usage assumed per club and month (30 days): per applicant ${MONTH.autosavesPerApplicant} autosaves, 1 submit, ` +
      `${MONTH.reviewsPerApplicant} reviews, ${MONTH.dashboardPagesPerApplicant} dashboard pages ` +
      `(one per review submitted is the first after a change), ${MONTH.searchesPerApplicant} searches, ` +
      `3 emails, 1 release; both scheduled functions every minute, ` +
      `${MONTH.overdueMinutes / 1440} days of them past the review due date unreleased, ` +
      `${MONTH.draftShare * 100}% of applicants with a draft through the 48 h before the due date`,
  );
  const clubs: [string, ClubCounts, number, number][] = SIZES.map((size) => [
    `${size.toLocaleString('en-US')}-applicant club`,
    results.get(size)![0]![1],
    size,
    1,
  ]);
  const smallest = Math.min(...SIZES);
  clubs.push([
    `100 clubs of ${smallest.toLocaleString('en-US')}, one project`,
    results.get(smallest)![0]![1],
    smallest,
    100,
  ]);
  console.log(
    `\n${'month'.padEnd(34)}${'reads'.padStart(12)}${'writes'.padStart(12)}${'deletes'.padStart(12)}` +
      `${'list'.padStart(11)}${'after free quota'.padStart(18)}   scheduled functions' share of reads`,
  );
  for (const [label, counts, applicants, clubCount] of clubs) {
    const { usage, schedulerReads } = monthOf(counts, applicants, clubCount);
    console.log(
      `${label.padEnd(34)}${millions(usage.reads).padStart(12)}${millions(usage.writes).padStart(12)}` +
        `${millions(usage.deletes).padStart(12)}${`$${dollars(usage).toFixed(2)}`.padStart(11)}` +
        `${`$${dollars(usage, 30).toFixed(2)}`.padStart(18)}   ${((schedulerReads / usage.reads) * 100).toFixed(0)}%`,
    );
  }
  console.log(`total run time ${((performance.now() - began) / 1000).toFixed(1)} s`);
  console.log('goals: dashboard page ≤ 60 reads at any size; idle scheduler minute ≤ 5 reads per live form, 0 per');
  console.log('released or inactive form; ≤ $2 a month for a 500-applicant club, ≤ $200 for 100 clubs');
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
