import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  answerWords,
  displayName,
  emptySectionResponses,
  applicantSearchTokens,
  newApplicationRow,
  withFilterKeys,
  type ApplicationForm,
  type ApplicationResponse,
  type Assessment,
  type Question,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../functions/src/store/collections';
import { addRowChanges, freshPostings, type PostingChanges } from '../functions/src/staff/search-postings';
import type { DocumentStore, WriteOperation } from '../functions/src/store/document-store';
import { createFirestoreStore } from '../functions/src/store/firestore-store';
import { createSqliteStore, type SqliteStore } from '../functions/src/store/sqlite-store';
import { STORE_LIMITS } from '../functions/src/store/store-limits';
import { createHarness, FORM_ID } from '../functions/src/testing/api-harness';
import { longForm } from '../functions/src/testing/long-form';
import { userRecord } from '../functions/src/users/users.repository';
import { pointAtFirestoreEmulator, startLocalFirestoreEmulator } from '../tools/firestore-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { percentile } from './support/percentiles';
import { mulberry32 } from './support/random';
import { startWatchdog } from './support/watchdog';

/**
 * The dashboard's search by what applicants wrote (docs/decisions/answer-search.md): 5,000 submitted
 * applications (`BENCH_APPLICATIONS`) of the 64-question form, every question answered (long answers
 * of 40 to 120 words drawn from a vocabulary of 6,000 words with a Zipf law, as prose has, and one
 * word in 20 from 100,000 rare ones, as names of projects and places are), seeded
 * straight into the store as submit writes them (rows with their answers' tokens), then the API in
 * process on loopback as the super-reviewer: searches for an answer's rare, middling and common
 * word, two words, a name, and the first page without a search; and a reviewer's search of their
 * 200 reviews. Prints p50 / p95 of `BENCH_RUNS` (20) per search and the rows each matches, and the
 * ratio to a baseline (`GET /api/session`, timed before each sample: the machine is shared), on
 * SQLite and, with PORTAL_STORE=firestore-emulator, on Google's Firestore emulator too
 * (`BENCH_STORES=firestore-emulator`: that one alone).
 */
const SIZE = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const STORES = (
  process.env.BENCH_STORES ??
  (process.env.PORTAL_STORE === 'firestore-emulator' ? 'sqlite,firestore-emulator' : 'sqlite')
).split(',');
const FIRESTORE_PORT = 18880 + PORT_OFFSET;
const GOAL_MS = 100;
const REVIEWER = 'rita';
const REVIEWS_OF_REVIEWER = 200;

// Pronounceable made-up words: "kelamo", "tirusa"…; rank 0 is the most frequent.
const SYLLABLES = ['ka', 'lo', 'mi', 'te', 'ru', 'sa', 'no', 'vi', 'de', 'po', 'ga', 'shi', 'zu', 'fe', 'ba', 'ne'];
const VOCABULARY = Array.from({ length: 6000 }, (_, rank) => {
  let word = '';
  for (let n = rank + 16 * 16; n > 0; n = Math.floor(n / 16)) word += SYLLABLES[n % 16];
  return word;
});
/** Rare words (names of projects, places, tools): one draw in 20 is one of these 100,000, uniformly. */
const RARE_SHARE = 0.05;
const rareWord = (n: number) => `q${VOCABULARY[n % VOCABULARY.length]}${Math.floor(n / VOCABULARY.length)}`;
/** The cumulative Zipf weights of the vocabulary's ranks (s = 1). */
const CUMULATIVE = (() => {
  let sum = 0;
  return VOCABULARY.map((_, rank) => (sum += 1 / (rank + 1)));
})();

function answerFor(question: Question, random: () => number, roles: TeamRole[]): string | string[] {
  const word = () => {
    if (random() < RARE_SHARE) return rareWord(Math.floor(random() * 100_000));
    const target = random() * CUMULATIVE[CUMULATIVE.length - 1]!;
    let low = 0;
    let high = CUMULATIVE.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (CUMULATIVE[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return VOCABULARY[low]!;
  };
  const sentence = (count: number) => Array.from({ length: count }, word).join(' ');
  switch (question.questionType) {
    case 'short-answer':
      return sentence(2 + Math.floor(random() * 6));
    case 'long-answer':
      return `${sentence(40 + Math.floor(random() * 80))}.`;
    case 'multiple-choice':
      return question.options[Math.floor(random() * question.options.length)]!;
    case 'multiple-select':
      return question.options.filter(() => random() < 0.4).slice(0, 2);
    case 'role-select':
      return roles;
    case 'file-upload':
      return '';
  }
}

/** Writes `SIZE` applicants, their answered responses and rows; `REVIEWER` reviews the first 200 engineer rows. */
async function seed(store: DocumentStore): Promise<ApplicationForm> {
  const form: ApplicationForm = { ...longForm(new Date(Date.now() + 30 * 24 * 3600 * 1000)), id: FORM_ID };
  await store.set(COLLECTIONS.forms, form.id, form);
  const random = mulberry32(7);
  let operations: WriteOperation[] = [];
  const flush = async () => {
    // Commits of about 1 MB: a response and its rows are 20 to 40 KB, and the emulator refuses a
    // request over 4 MiB.
    const perCommit = Math.min(STORE_LIMITS.writesPerCommit, 40);
    for (let start = 0; start < operations.length; start += perCommit) {
      await store.batch(operations.slice(start, start + perCommit));
    }
    operations = [];
  };
  let reviews = 0;
  const postings: PostingChanges = new Map();
  for (let index = 0; index < SIZE; index++) {
    const number = String(index).padStart(4, '0');
    const applicant: User = {
      id: `bench-applicant-${number}`,
      email: `bench-applicant-${number}@example.com`,
      firstName: ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Barbara', 'Dennis', 'Margaret', 'Ken', 'Radia'][
        index % 10
      ]!,
      lastName: `Sample ${number}`,
      role: 'applicant',
      activeApplications: [form.id],
    };
    const roles: TeamRole[] = index % 2 === 0 ? ['bootcamp'] : ['bootcamp', 'engineer'];
    const submittedAt = new Date(Date.now() - Math.floor(random() * 30 * 24 * 3600 * 1000)).toISOString();
    const sectionResponses = emptySectionResponses(form).map((section) => ({
      ...section,
      questions: section.questions.map((answer) => {
        const question = form.sections
          .find((each) => each.sectionId === section.sectionId)!
          .questions.find((each) => each.questionId === answer.questionId)!;
        return { ...answer, response: answerFor(question, random, roles) };
      }),
    }));
    const response: ApplicationResponse = {
      id: `bench-response-${number}`,
      userId: applicant.id,
      applicationFormId: form.id,
      sectionResponses,
      status: 'in-review',
      dateSubmitted: submittedAt,
      rolesApplied: roles,
      version: 3,
    };
    operations.push(
      { kind: 'set', collection: COLLECTIONS.users, id: applicant.id, data: userRecord(applicant) },
      { kind: 'set', collection: COLLECTIONS.responses, id: response.id, data: response },
    );
    for (const role of roles) {
      const row = newApplicationRow({
        responseId: response.id,
        applicationFormId: form.id,
        role,
        applicant,
        submittedAt,
        answers: sectionResponses,
      });
      operations.push({ kind: 'set', collection: COLLECTIONS.reviewStatuses, id: row.id, data: withFilterKeys(row) });
      addRowChanges(postings, row);
      if (role === 'engineer' && reviews < REVIEWS_OF_REVIEWER) {
        reviews += 1;
        const review: Assessment = {
          id: `bench-review-${number}`,
          kind: 'review',
          applicationFormId: form.id,
          responseId: response.id,
          role,
          staffId: REVIEWER,
          staffName: 'Rita Tester',
          applicantUserId: applicant.id,
          applicantName: displayName(applicant),
          searchTokens: applicantSearchTokens(row),
          scores: {},
          comments: '',
          state: 'not-started',
          score: null,
          version: 0,
          createdAt: submittedAt,
          updatedAt: submittedAt,
          submittedAt: null,
        };
        operations.push({ kind: 'set', collection: COLLECTIONS.reviews, id: review.id, data: review });
      }
    }
    if (operations.length >= 1000) await flush();
  }
  // The rows' search postings, as the submits would have written them (staff/search-postings.ts).
  for (const { id, data } of freshPostings(postings)) {
    operations.push({ kind: 'set', collection: COLLECTIONS.searchPostings, id, data });
    if (operations.length >= 1000) await flush();
  }
  await flush();
  return form;
}

/** How many applications hold each word of the vocabulary (from the seeded answers, as the rows store them). */
async function wordCounts(store: DocumentStore): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let after: string | undefined;
  do {
    const page = await store.query<ApplicationResponse>(COLLECTIONS.responses, {
      limit: 500,
      ...(after ? { after } : {}),
    });
    for (const { data } of page.items) {
      for (const word of answerWords(data.sectionResponses)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    after = page.nextCursor ?? undefined;
  } while (after);
  return counts;
}

/** The vocabulary's word whose applications are nearest `wanted`. */
const wordNear = (counts: Map<string, number>, wanted: number) =>
  [...counts.entries()]
    .filter(([word]) => /^[a-z]+\d*$/.test(word))
    .reduce((best, each) => (Math.abs(each[1] - wanted) < Math.abs(best[1] - wanted) ? each : best))[0];

async function timed(url: string, token: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Authorization: `Bearer token-${token}` } });
  const body = (await res.json()) as { total: number };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, total: body.total ?? 0 };
}

async function onStore(name: string, store: DocumentStore): Promise<boolean> {
  const harness = await createHarness({ store });
  const seeding = performance.now();
  await seed(harness.store);
  // As a portal that has been up a while: the SQLite store's multi-valued indexes filled.
  await (store as Partial<SqliteStore>).fillElements?.();
  const counts = await wordCounts(harness.store);
  console.log(
    `${name}: seeded ${SIZE} applications of the 64-question form in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  const server = http.createServer(harness.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/api/admin/forms/${FORM_ID}`;
  const rare = wordNear(counts, 5);
  const middling = wordNear(counts, SIZE / 50);
  const common = wordNear(counts, SIZE / 5);
  const searches: [string, string, string][] = [
    ['first page, no search', 'dora', `${base}/rows?tab=all&sort=submittedAt&dir=desc&limit=50`],
    [`rare word "${rare}"`, 'dora', `${base}/rows?tab=all&search=${rare}&limit=50`],
    [`middling word "${middling}"`, 'dora', `${base}/rows?tab=all&search=${middling}&limit=50`],
    [`two words "${middling} ${rare}"`, 'dora', `${base}/rows?tab=all&search=${middling}%20${rare}&limit=50`],
    [`name "grace sample 00"`, 'dora', `${base}/rows?tab=all&search=grace%20sample%2000&limit=50`],
    [`common word "${common}"`, 'dora', `${base}/rows?tab=all&search=${common}&limit=50`],
    [
      `reviewer's ${REVIEWS_OF_REVIEWER} reviews, "${middling}"`,
      REVIEWER,
      `${base}/assessments?kind=review&search=${middling}&limit=50`,
    ],
  ];
  let met = true;
  for (const [label, who, url] of searches) {
    await timed(url, who);
    const samples: number[] = [];
    const baseline: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      baseline.push((await timed(`${origin}/api/session`, who)).ms);
      const sample = await timed(url, who);
      samples.push(sample.ms);
      total = sample.total;
    }
    const p50 = percentile(samples, 50);
    const goal =
      label.startsWith('common') || who === REVIEWER || label.startsWith('first')
        ? ''
        : p50 <= GOAL_MS
          ? ' (goal met)'
          : ' (over the goal)';
    if (goal === ' (over the goal)') met = false;
    console.log(
      `${name}: ${label.padEnd(44)} ${String(total).padStart(5)} matches  p50 ${p50.toFixed(1).padStart(7)} ms  ` +
        `p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms  (${(p50 / percentile(baseline, 50)).toFixed(1)}x the ` +
        `baseline's ${percentile(baseline, 50).toFixed(1)} ms)${goal}`,
    );
  }
  server.close();
  await harness.close();
  return met;
}

async function main() {
  const stop = startWatchdog('answer search bench', 1_800_000);
  let met = true;
  for (const name of STORES) {
    if (name === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-answer-search-'));
      try {
        met = (await onStore('SQLite', createSqliteStore({ filename: path.join(dir, 'portal.db') }))) && met;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      continue;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-answer-search-fs-'));
    const emulator = await startLocalFirestoreEmulator({ port: FIRESTORE_PORT, projectId: 'demo-portal', dataDir });
    pointAtFirestoreEmulator(emulator.host);
    const app = initializeApp({ projectId: 'demo-portal' }, 'bench-answer-search');
    const db = getFirestore(app);
    try {
      met = (await onStore('Firestore emulator', createFirestoreStore(db))) && met;
    } finally {
      await deleteApp(app);
      await emulator.stop({ exportData: false });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  stop();
  console.log(
    `search by an answer's word or a name, p50 goal ≤ ${GOAL_MS} ms: ${met ? 'met' : 'NOT met'} on ${STORES.join(', ')}`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
