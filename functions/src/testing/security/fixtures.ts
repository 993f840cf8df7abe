import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pino from 'pino';
import request from 'supertest';
import type { ApplicationResponse, UploadedFile } from '@portal/shared/domain';
import { createApp } from '../../app';
import { createLocalFileStore } from '../../files/local-file-store';
import type { InMemoryIdentityAdmin } from '../../identity/in-memory-identity-admin';
import type { SqliteStore } from '../../store/sqlite-store';
import type { IdentityVerifier } from '../../identity/identity-verifier';
import {
  CALLERS,
  createHarness,
  FORM_ID,
  startResponse,
  withAnswers,
  words,
  type Caller,
  type Harness,
} from '../api-harness';
import { assign, dumpStore } from '../staff-fixtures';
import { testSqliteStore } from '../test-store';

/** The callers of the authorization matrix, and who plays each part in the fixture. */
export const WHO = [
  'anonymous',
  'unverified',
  'owner',
  'otherApplicant',
  'assignedReviewer',
  'unassignedReviewer',
  'superReviewer',
] as const;
export type Who = (typeof WHO)[number];

export const CALLER_OF: Record<Exclude<Who, 'anonymous'>, Caller> = {
  unverified: 'unverified',
  owner: 'ada',
  otherApplicant: 'eve',
  assignedReviewer: 'rita',
  unassignedReviewer: 'rob',
  superReviewer: 'dora',
};

/**
 * How far ada's application has gone:
 * - draft: started, her resume uploaded (real bytes), every answer filled in but not submitted;
 * - submitted: submitted; rita assigned to review and interview it for engineer (rob is not);
 * - reviewed: submitted, and rita has submitted her review;
 * - decided: submitted, both rows (engineer accepted, bootcamp denied) decided;
 * - released: decided, and the decisions released.
 */
export type Stage = 'draft' | 'submitted' | 'reviewed' | 'decided' | 'released';

export const REVIEW_SCORES = { motivation: 4, experience: 2, communication: 3 };
export const PDF = Buffer.from('%PDF-1.4\n% security fixture\n%%EOF\n');

export interface Fixture {
  harness: Harness;
  /** The SQLite store under the harness's (which keeps the form's counters on top of it). */
  store: SqliteStore;
  /** Where the file store keeps its bytes (a fresh temporary directory). */
  fileRoot: string;
  stage: Stage;
  formId: string;
  responseId: string;
  fileId: string;
  /** ada's response as stored: at the draft stage with every answer, valid to save and submit. */
  response: ApplicationResponse;
  /** Assessment ids once assigned (every stage but draft). */
  reviewId: string;
  interviewId: string;
  /** Values a matrix row's `prepare` finds (a plan id, say) for its body. */
  extra: Record<string, string>;
}

const verifier: IdentityVerifier = {
  async verifyIdToken(token) {
    const found = Object.values(CALLERS).find((caller) => `token-${caller.uid}` === token);
    if (!found) throw new Error(`unknown token ${token}`);
    return { uid: found.uid, email: found.email, emailVerified: found.emailVerified };
  },
};

/**
 * The test harness on `store` (fake identities, a clock), but with a real local file store in a
 * fresh temporary directory, so uploads and downloads work.
 */
export async function createFileHarness(options: {
  logger?: pino.Logger;
  store: SqliteStore;
  seeded?: boolean;
}): Promise<{ harness: Harness; fileRoot: string }> {
  const fileRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'security-files-'));
  const base = await createHarness({
    store: options.store,
    seeded: options.seeded,
    app: ({ store, accounts, clock }) =>
      createApp({
        store,
        files: createLocalFileStore({ root: fileRoot }),
        identity: verifier,
        accounts,
        logger: options.logger ?? pino({ level: 'silent' }),
        storeName: 'sqlite',
        version: 'test',
        now: () => clock.now,
      }),
  });
  const harness: Harness = {
    ...base,
    close: async () => {
      await base.close();
      await fs.rm(fileRoot, { recursive: true, force: true });
    },
  };
  return { harness, fileRoot };
}

/**
 * The store as it was `before` (both dumpStore's): jest's `toEqual`, which names the difference,
 * runs once node's strict comparison has found one. Dumps are parsed JSON, for which the two agree
 * (a strict match is a `toEqual` match); on the sweeps' thousands of dumps `toEqual` alone was
 * their largest cost.
 */
export function expectSameStore(label: Record<string, unknown>, after: unknown, before: unknown): void {
  if (isDeepStrictEqual(after, before)) return;
  expect({ ...label, store: after }).toEqual({ ...label, store: before });
}

/** The fixture's store as it is now, for `expectStoreUnchanged`: its database's image (SQLite's serialization). */
export function snapshotStore(fixture: Pick<Fixture, 'store'>): Buffer {
  return fixture.store.serialize();
}

/**
 * The fixture's store as it was at `before` (a `snapshotStore`), rate-limit counters aside (see
 * dumpStore). An image the same to the byte holds the same documents; where the images differ (a
 * refused attempt counted against a limit, say) every document is compared, naming the difference.
 * Dumping every document before and after each of the sweeps' calls was a fifth of their CPU.
 */
export async function expectStoreUnchanged(
  label: Record<string, unknown>,
  fixture: Pick<Fixture, 'store' | 'harness'>,
  before: Buffer,
): Promise<void> {
  if (snapshotStore(fixture).equals(before)) return;
  const then = testSqliteStore({ image: before, elementFill: 'paused' });
  try {
    expectSameStore(label, await dumpStore(fixture.harness), await dumpStore({ store: then }));
  } finally {
    await then.close();
  }
}

/** The name ada's resume is uploaded under. */
export const UPLOADED_FILE_NAME = 'resume.pdf';

/** Uploads `content` as `caller`; the answer as is (the caller checks the status). */
export function upload(
  harness: Harness,
  caller: Caller,
  target: { responseId: string; questionId: string },
  content: Buffer = PDF,
  headers: Record<string, string> = {},
): request.Test {
  return request(harness.server)
    .post(`/api/files/${target.responseId}/${target.questionId}`)
    .set('Authorization', `Bearer token-${CALLERS[caller].uid}`)
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', UPLOADED_FILE_NAME)
    .set(headers)
    .send(content);
}

async function ok(res: request.Response, what: string, status = 200): Promise<request.Response> {
  if (res.status !== status) throw new Error(`fixture: ${what} answered ${res.status} ${res.text}`);
  return res;
}

/** A fixture as built once per stage: its store's image, its files and its ids (see createFixture). */
interface FixtureTemplate {
  image: Buffer;
  /** The file store's files: path under its root → bytes. */
  files: Map<string, Buffer>;
  accounts: InMemoryIdentityAdmin['accounts'];
  now: Date;
  fixture: Omit<Fixture, 'harness' | 'fileRoot' | 'store'>;
}

const templates = new Map<Stage, Promise<FixtureTemplate>>();

/** Builds a fixture at `stage` through the API (once per stage and test file) and keeps a copy of it. */
function templateOf(stage: Stage): Promise<FixtureTemplate> {
  let template = templates.get(stage);
  if (!template) {
    template = (async () => {
      const { harness, fileRoot, store, ...fixture } = await buildFixture(stage);
      const files = new Map<string, Buffer>();
      for (const entry of await fs.readdir(fileRoot, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        files.set(path.relative(fileRoot, file), await fs.readFile(file));
      }
      const kept: FixtureTemplate = {
        image: store.serialize(),
        files,
        accounts: structuredClone(harness.accounts.accounts),
        now: new Date(harness.clock.now),
        fixture: structuredClone(fixture),
      };
      await harness.close();
      return kept;
    })();
    templates.set(stage, template);
  }
  return template;
}

/**
 * A fresh harness with ada's application at `stage` (see Stage). The first fixture of a stage in a
 * test file is built through the API; each later one is a copy of it (its store's image, its files,
 * its accounts), the same state without the calls that made it: the security sweeps need over a
 * thousand fixtures. With a `logger`, it is always built, so the logger sees the calls.
 */
export async function createFixture(
  stage: Stage = 'submitted',
  options: { logger?: pino.Logger } = {},
): Promise<Fixture> {
  if (options.logger) return buildFixture(stage, options);
  const template = await templateOf(stage);
  const store = testSqliteStore({ image: template.image });
  const { harness, fileRoot } = await createFileHarness({ store, seeded: true });
  for (const [file, bytes] of template.files) {
    await fs.mkdir(path.dirname(path.join(fileRoot, file)), { recursive: true });
    await fs.writeFile(path.join(fileRoot, file), bytes);
  }
  for (const [uid, account] of template.accounts) harness.accounts.accounts.set(uid, structuredClone(account));
  harness.clock.now = new Date(template.now);
  return { ...structuredClone(template.fixture), harness, fileRoot, store };
}

/** Builds a fixture at `stage` through the API, on a fresh in-memory store. */
async function buildFixture(stage: Stage, options: { logger?: pino.Logger } = {}): Promise<Fixture> {
  const store = testSqliteStore();
  const { harness, fileRoot } = await createFileHarness({ ...options, store });
  const started = await startResponse(harness, 'ada');
  const uploaded = (
    await ok(await upload(harness, 'ada', { responseId: started.id, questionId: 'resume' }), 'upload', 201)
  ).body as UploadedFile;
  const response = withAnswers(started, {
    'about-you.preferred-name': 'Nova',
    'about-you.year': 'Second year',
    'about-you.resume': uploaded.id,
    'roles.roles': ['engineer', 'bootcamp'],
    'motivation.why-join': words(25),
    'motivation.interests': ['Education', 'Health'],
    'engineering.project': words(35, 'built'),
  });
  const fixture: Fixture = {
    harness,
    store,
    fileRoot,
    stage,
    formId: FORM_ID,
    responseId: started.id,
    fileId: uploaded.id,
    response,
    reviewId: '',
    interviewId: '',
    extra: {},
  };
  if (stage === 'draft') return fixture;

  await ok(await harness.as('ada').post('/application/submit', response), 'submit');
  const [review] = await assign(harness, [{ responseId: started.id, role: 'engineer', staffId: 'rita' }], 'review');
  const [interview] = await assign(
    harness,
    [{ responseId: started.id, role: 'engineer', staffId: 'rita' }],
    'interview',
  );
  fixture.reviewId = review!.id;
  fixture.interviewId = interview!.id;

  if (stage === 'reviewed') {
    await ok(
      await harness
        .as('rita')
        .post(`/admin/assessments/review/${review!.id}/submit`, { scores: REVIEW_SCORES, comments: 'ok', version: 0 }),
      'review submit',
    );
  }
  if (stage === 'decided' || stage === 'released') {
    for (const [role, decision] of [
      ['engineer', 'accepted'],
      ['bootcamp', 'denied'],
    ] as const) {
      await ok(
        await harness.as('dora').put(`/admin/rows/${started.id}/${role}/decision`, { decision }),
        `decision ${role}`,
      );
    }
  }
  if (stage === 'released') {
    await ok(await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}), 'release');
  }
  return fixture;
}
