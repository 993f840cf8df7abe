import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import {
  type Answer,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type UploadedFile,
  type User,
  type UserRole,
  withAnswer,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { formStatusOf } from '../forms/form-status';
import { createApp } from '../app';
import type { FileStore } from '../files/file-store';
import { createInMemoryIdentityAdmin, type InMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { IdentityVerifier } from '../identity/identity-verifier';
import { demoForm } from '../seed/demo-form';
import type { DocumentStore } from '../store/document-store';
import { withFormCounters } from '../store/form-counters';
import { userRecord } from '../users/users.repository';
import type { PrivacyNoticeSettings } from '../users/privacy-notice';
import { testSqliteStore } from './test-store';

/** The API over HTTP with an in-memory SQLite store, a token → identity map and a clock the test moves. */

export const START = new Date('2026-03-01T12:00:00.000Z');
export const FORM_ID = 'demo-form-spring';
/** When every caller's session signed in (the token's auth_time): an hour before START. */
export const SIGNED_IN = new Date(START.getTime() - 3_600_000);

const identity = (uid: string, emailVerified = true, role: UserRole = 'applicant') => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified,
  role,
});

/** ada and eve apply; rita and rob review; dora is the super-reviewer (director of recruitment). */
export const CALLERS = {
  ada: identity('ada'),
  eve: identity('eve'),
  unverified: identity('una', false),
  rita: identity('rita', true, 'reviewer'),
  rob: identity('rob', true, 'reviewer'),
  dora: identity('dora', true, 'super-reviewer'),
} as const;
export type Caller = keyof typeof CALLERS;

const fakeVerifier: IdentityVerifier = {
  async verifyIdToken(token) {
    const found = Object.values(CALLERS).find((caller) => `token-${caller.uid}` === token);
    if (!found) throw new Error(`unknown token ${token}`);
    return {
      uid: found.uid,
      email: found.email,
      emailVerified: found.emailVerified,
      authTime: SIGNED_IN.getTime() / 1000,
    };
  },
};

const unusedFiles: FileStore = {
  put: () => Promise.reject(new Error('no file storage in these tests')),
  stat: () => Promise.reject(new Error('no file storage in these tests')),
  read: () => Promise.reject(new Error('no file storage in these tests')),
  delete: () => Promise.reject(new Error('no file storage in these tests')),
};

/** The user a test caller is: `<uid>@example.com`, named `<uid> Tester`. */
export const testUser = (uid: string, role: UserRole = 'applicant'): User => ({
  id: uid,
  email: `${uid}@example.com`,
  firstName: uid,
  lastName: 'Tester',
  role,
  activeApplications: [],
});

export interface Harness {
  store: DocumentStore;
  /** The identity accounts (every caller has one). */
  accounts: InMemoryIdentityAdmin;
  app: Express;
  /** The app, listening: `request(harness.server)` reuses it (`request(harness.app)` starts a server per call). */
  server: Server;
  form: ApplicationForm;
  clock: { now: Date };
  /** What the API logged at error level (an unhandled error's stack, for one): for a failure's message. */
  loggedErrors: string[];
  as(caller: Caller): {
    get(path: string): request.Test;
    post(path: string, body?: object): request.Test;
    put(path: string, body?: object): request.Test;
    delete(path: string): request.Test;
  };
  close(): Promise<void>;
}

/** Writes what every harness's store holds: the form, its status, and the callers' users. */
async function seedBase(store: DocumentStore, form: ApplicationForm): Promise<void> {
  await store.set(COLLECTIONS.forms, form.id, form);
  // As a form published through the API has it (forms/form-status.ts).
  await store.set(COLLECTIONS.formStatus, form.id, formStatusOf(form));
  for (const caller of Object.values(CALLERS)) {
    await store.set(COLLECTIONS.users, caller.uid, userRecord(testUser(caller.uid, caller.role)));
  }
}

let baseImage: Promise<Buffer> | undefined;
/**
 * A store with its indexes and what `seedBase` writes, made once per test file: each harness's own
 * store is a copy of it (creating the indexes, then those writes, were most of a harness's time).
 */
function baseStoreImage(): Promise<Buffer> {
  baseImage ??= (async () => {
    const store = testSqliteStore();
    await seedBase(withFormCounters(store), demoForm(START));
    const image = store.serialize();
    await store.close();
    return image;
  })();
  return baseImage;
}

/**
 * `store`: the store to run against (default: a copy of an in-memory SQLite store with the form and
 * the callers' users); the harness closes it.
 * `files`: the file store (default: one that refuses every call).
 * `privacyNotice`: the notice in force, for a test of a changed version.
 */
export interface HarnessOptions {
  store?: DocumentStore;
  files?: FileStore;
  jobInlineMs?: number;
  /** The privacy notice in force (default: DEFAULT_PRIVACY_NOTICE). */
  privacyNotice?: PrivacyNoticeSettings;
  /** `store` already holds the form and the callers' users (a copy of a harness's store): not written again. */
  seeded?: boolean;
  /** Makes the app the harness calls (default: createApp with the fake verifier, the harness's logger and clock). */
  app?: (parts: { store: DocumentStore; accounts: InMemoryIdentityAdmin; clock: { now: Date } }) => Express;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  // As the API writes, so do the tests' fixtures: every row and response keeps its form's counters.
  const store = withFormCounters(options.store ?? testSqliteStore({ image: await baseStoreImage() }));
  const clock = { now: START };
  const form = demoForm(START);
  if (options.store && !options.seeded) await seedBase(store, form);
  const accounts = createInMemoryIdentityAdmin();
  for (const caller of Object.values(CALLERS)) {
    await accounts.ensureAccount({
      uid: caller.uid,
      email: caller.email,
      password: 'test-password-1',
      displayName: `${caller.uid} Tester`,
      emailVerified: caller.emailVerified,
    });
  }
  // Errors are kept for a test's failure message; PORTAL_TEST_LOG (a pino level) also prints the log.
  const loggedErrors: string[] = [];
  const printed = process.env.PORTAL_TEST_LOG;
  const logger = pino(
    { level: printed ?? 'error' },
    {
      write(line: string) {
        if ((JSON.parse(line) as { level: number }).level >= pino.levels.values.error!) loggedErrors.push(line);
        if (printed) process.stdout.write(line);
      },
    },
  );
  const app =
    options.app?.({ store, accounts, clock }) ??
    createApp({
      store,
      files: options.files ?? unusedFiles,
      identity: fakeVerifier,
      accounts,
      logger,
      storeName: 'sqlite',
      version: 'test',
      now: () => clock.now,
      // Long work (a release's emails, auto-assign, the files ZIP) is done before the answer, whatever the
      // machine's speed, unless a test sets a time.
      jobInlineMs: options.jobInlineMs ?? DAY_MS,
      ...(options.privacyNotice && { privacyNotice: options.privacyNotice }),
    });
  const token = (caller: Caller) => `Bearer token-${CALLERS[caller].uid}`;
  // One server for the harness's calls: given an app alone, supertest starts and stops a server for
  // each request (about 5% of the security sweeps' CPU). Unreferenced, it never keeps a test process
  // alive.
  const server = createServer(app).listen(0, '127.0.0.1').unref();
  return {
    store,
    accounts,
    app,
    server,
    form,
    clock,
    loggedErrors,
    as: (caller) => ({
      get: (path) => request(server).get(`/api${path}`).set('Authorization', token(caller)),
      post: (path, body) =>
        request(server)
          .post(`/api${path}`)
          .set('Authorization', token(caller))
          .send(body ?? {}),
      put: (path, body) =>
        request(server)
          .put(`/api${path}`)
          .set('Authorization', token(caller))
          .send(body ?? {}),
      delete: (path) => request(server).delete(`/api${path}`).set('Authorization', token(caller)),
    }),
    close: async () => {
      server.close();
      server.closeAllConnections();
      await store.close();
    },
  };
}

/**
 * Harnesses that each start from the same seeded state. The first call seeds a store through a
 * harness (`seed`) and keeps the store's image; every call then gives a new harness on a copy of that
 * image, without seeding again (seeding a thousand applicants was most of a large-group test's time).
 * `wrap` wraps each copy's store (a counting store, for one); a call's options are createHarness's.
 * The seed writes to the store only: each harness's accounts, files and clock start as a new one's do.
 */
export function seededHarnesses(
  seed: (harness: Harness) => Promise<unknown>,
  { wrap = (store) => store }: { wrap?: (store: DocumentStore) => DocumentStore } = {},
): (options?: Omit<HarnessOptions, 'store' | 'seeded'>) => Promise<Harness> {
  let image: Promise<Buffer> | undefined;
  return async (options = {}) => {
    image ??= (async () => {
      const store = testSqliteStore({ image: await baseStoreImage() });
      const harness = await createHarness({ store, seeded: true });
      await seed(harness);
      const seeded = store.serialize();
      await harness.close();
      return seeded;
    })();
    const store = testSqliteStore({ image: await image });
    return createHarness({ ...options, store: wrap(store), seeded: true });
  };
}

/**
 * Changes stored fields of a form as the API's actions do: with its status document
 * (forms/form-status.ts), so that a start, save or submit sees the change.
 */
export async function updateForm(store: DocumentStore, formId: string, patch: Partial<ApplicationForm>): Promise<void> {
  await store.transaction(async (tx) => {
    const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, formId);
    if (!form) throw new Error(`no form ${formId}`);
    tx.update(COLLECTIONS.forms, formId, patch);
    tx.set(COLLECTIONS.formStatus, formId, formStatusOf({ ...form, ...patch }));
  });
}

export const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
export const DAY_MS = 24 * 60 * 60 * 1000;

export async function startResponse(harness: Harness, caller: Caller = 'ada'): Promise<ApplicationResponse> {
  const res = await harness.as(caller).post('/responses', { formId: FORM_ID });
  if (res.status !== 201 && res.status !== 200) throw new Error(`start failed: ${res.status} ${res.text}`);
  return res.body as ApplicationResponse;
}

export const storedResponse = (harness: Harness, id: string) =>
  harness.store.get<ApplicationResponse>(COLLECTIONS.responses, id);

export async function storedReviewStatuses(harness: Harness): Promise<ApplicationRow[]> {
  return (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
}

export { withAnswer };

export function withAnswers(response: ApplicationResponse, answers: Record<string, Answer>): ApplicationResponse {
  return Object.entries(answers).reduce((current, [path, value]) => {
    const [sectionId, questionId] = path.split('.') as [string, string];
    return withAnswer(current, sectionId, questionId, value);
  }, response);
}

/** Records an uploaded file as the files module does, without storing any bytes. */
export async function recordUpload(
  harness: Harness,
  file: { ownerId: string; responseId: string; questionId: string },
): Promise<string> {
  const record: UploadedFile = {
    id: randomUUID(),
    ...file,
    name: 'resume.pdf',
    size: 1234,
    contentType: 'application/pdf',
    uploadedAt: START.toISOString(),
  };
  await harness.store.create(COLLECTIONS.files, record.id, record);
  return record.id;
}

export const words = (count: number, word = 'impact') =>
  Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

/** Every required answer of the demo form for an engineer who also applies to bootcamp. */
export async function completeResponse(harness: Harness, response: ApplicationResponse): Promise<ApplicationResponse> {
  const resume = await recordUpload(harness, {
    ownerId: response.userId,
    responseId: response.id,
    questionId: 'resume',
  });
  return withAnswers(response, {
    'about-you.preferred-name': 'Nova',
    'about-you.year': 'Second year',
    'about-you.resume': resume,
    'roles.roles': ['engineer', 'bootcamp'],
    'motivation.why-join': words(25),
    'motivation.interests': ['Education', 'Health'],
    'engineering.project': words(35, 'built'),
  });
}
