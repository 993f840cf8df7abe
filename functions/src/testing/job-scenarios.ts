import { randomUUID } from 'node:crypto';
import AdmZip from 'adm-zip';
import {
  newApplicationRow,
  TEAM_ROLES,
  type ApplicationForm,
  withFilterKeys,
  type ApplicationResponse,
  type Assessment,
  type AutoAssignJob,
  type AutoAssignPreview,
  type FilesExportJob,
  FILES_EXPORT_KEPT_MS,
  JOB_MESSAGES,
  type TeamRole,
  type UploadedFile,
  type User,
} from '@portal/shared/domain';
import type { FileStore } from '../files/file-store';
import { storagePath } from '../files/files.service';
import { discardFilesExports } from '../exports/files-export-job';
import { JOB_LEASE_MS } from '../jobs/job-runner';
import { createJobsRepository } from '../jobs/jobs.repository';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import type { StaffLoad } from '../staff/staff-load';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction, WriteOperation } from '../store/document-store';
import { STORE_LIMITS } from '../store/store-limits';
import { userRecord } from '../users/users.repository';
import { createHarness, FORM_ID, later, START, type Harness } from './api-harness';
import { binaryBody, sectionResponsesFor } from './export-fixtures';
import { jitteredStore } from './jittered-store';
import { createMemoryFileStore } from './memory-file-store';

/**
 * Long work as jobs (jobs/job-runner.ts) on a store: auto-assign and the ZIP of the files answer 202
 * and their progress goes up to done; a run that dies midway (its store gone, its lease never given
 * back) is taken up by the scheduler once the lease has run out, and nothing is done twice; the
 * parts of a job go to the store several at once. Run on SQLite (long-work.test.ts) and on the
 * Firestore emulator (long-work.emulator.test.ts).
 */

/** What a crashable store saw and when it dies. */
export interface StoreControl {
  /** Dies (every call fails from then on, nothing more commits) once this many job parts were written. */
  dieAfterPartWrites: number;
  partWrites: number;
  dead: boolean;
  /** Transactions and reads in flight now, and the most at once. */
  transactions: number;
  mostTransactions: number;
  reads: number;
  mostReads: number;
}

export const newControl = (): StoreControl => ({
  dieAfterPartWrites: Infinity,
  partWrites: 0,
  dead: false,
  transactions: 0,
  mostTransactions: 0,
  reads: 0,
  mostReads: 0,
});

const crashed = () => new Error('crashed: the process running the job is gone');

/**
 * The store as a process sees it that dies midway: once `control.dieAfterPartWrites` job parts were
 * written, the transaction writing the next one fails and so does every call after it (its lease
 * is never given back). Counts the transactions and reads in flight.
 */
export function crashableStore(store: DocumentStore, control: StoreControl): DocumentStore {
  const alive = () => {
    if (control.dead) throw crashed();
  };
  const counted = async <T>(read: () => Promise<T>): Promise<T> => {
    control.reads += 1;
    control.mostReads = Math.max(control.mostReads, control.reads);
    try {
      return await read();
    } finally {
      control.reads -= 1;
    }
  };
  return {
    ...store,
    get: (collection, id) => (alive(), counted(() => store.get(collection, id))),
    query: (collection, spec) => (alive(), counted(() => store.query(collection, spec))),
    count: (collection, where) => (alive(), store.count(collection, where)),
    batch: (operations) => (alive(), store.batch(operations)),
    set: (collection, id, data) => (alive(), store.set(collection, id, data)),
    update: (collection, id, patch) => (alive(), store.update(collection, id, patch)),
    delete: (collection, id) => (alive(), store.delete(collection, id)),
    async transaction(work) {
      alive();
      control.transactions += 1;
      control.mostTransactions = Math.max(control.mostTransactions, control.transactions);
      try {
        return await store.transaction(async (tx) => {
          let parts = 0;
          const counting: StoreTransaction = {
            ...tx,
            get: (collection, id) => (alive(), counted(() => tx.get(collection, id))),
            count: (collection, where) => tx.count(collection, where),
            set: (collection, id, data) => {
              if (collection === COLLECTIONS.jobParts) parts += 1;
              tx.set(collection, id, data);
            },
            update: (collection, id, patch) => tx.update(collection, id, patch),
            delete: (collection, id) => tx.delete(collection, id),
            create: (collection, id, data) => tx.create(collection, id, data),
          };
          const result = await work(counting);
          alive();
          if (parts > 0 && control.partWrites + parts > control.dieAfterPartWrites) {
            control.dead = true;
            throw crashed();
          }
          control.partWrites += parts;
          return result;
        });
      } finally {
        control.transactions -= 1;
      }
    },
  };
}

/** A file store that fails every call once the store's process is dead, and counts reads in flight. */
export function crashableFiles(files: FileStore, control: StoreControl): FileStore {
  const alive = () => {
    if (control.dead) throw crashed();
  };
  return {
    put: async (path, content, type) => (alive(), files.put(path, content, type)),
    stat: async (path) => (alive(), files.stat(path)),
    delete: async (path) => (alive(), files.delete(path)),
    async read(path) {
      alive();
      control.reads += 1;
      control.mostReads = Math.max(control.mostReads, control.reads);
      try {
        return await files.read(path);
      } finally {
        control.reads -= 1;
      }
    },
  };
}

async function inBatches(store: DocumentStore, operations: WriteOperation[]) {
  for (let start = 0; start < operations.length; start += STORE_LIMITS.writesPerCommit) {
    await store.batch(operations.slice(start, start + STORE_LIMITS.writesPerCommit));
  }
}

export const REVIEWERS = ['job-reviewer-0', 'job-reviewer-1', 'job-reviewer-2', 'job-reviewer-3'];

/**
 * `count` submitted applications (every other one for two roles), each with a resume in `files`
 * when given, and REVIEWERS (reviewers of every role), straight into the store in batches.
 */
export async function seedApplications(
  store: DocumentStore,
  count: number,
  files?: FileStore,
): Promise<{ rows: number; responses: ApplicationResponse[] }> {
  const form = (await store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
  const operations: WriteOperation[] = REVIEWERS.map((id, index) => ({
    kind: 'set',
    collection: COLLECTIONS.users,
    id,
    data: userRecord({
      id,
      email: `${id}@example.com`,
      firstName: 'Job',
      lastName: `Reviewer ${index}`,
      role: 'reviewer',
      applicantRolePreferences: [...TEAM_ROLES],
      activeApplications: [],
    }),
  }));
  const responses: ApplicationResponse[] = [];
  let rows = 0;
  for (let index = 0; index < count; index += 1) {
    const number = String(index).padStart(3, '0');
    const user: User = {
      id: `job-applicant-${number}`,
      email: `job-applicant-${number}@example.com`,
      firstName: `Applicant${number}`,
      lastName: 'Job',
      role: 'applicant',
      activeApplications: [FORM_ID],
    };
    const roles: TeamRole[] = index % 2 === 0 ? ['bootcamp', 'engineer'] : ['bootcamp'];
    const response: ApplicationResponse = {
      id: randomUUID(),
      userId: user.id,
      applicationFormId: FORM_ID,
      sectionResponses: [],
      status: 'submitted',
      dateSubmitted: START.toISOString(),
      rolesApplied: roles,
      version: 1,
    };
    if (files) {
      const record: UploadedFile = {
        id: randomUUID(),
        ownerId: user.id,
        responseId: response.id,
        questionId: 'resume',
        name: 'resume.pdf',
        size: 0,
        contentType: 'application/pdf',
        uploadedAt: START.toISOString(),
      };
      const content = Buffer.from(`%PDF-1.4\n% the resume of ${user.id}\n%%EOF\n`);
      record.size = content.length;
      await files.put(storagePath(record), content, record.contentType);
      operations.push({ kind: 'set', collection: COLLECTIONS.files, id: record.id, data: record });
      response.sectionResponses = sectionResponsesFor(form, { resume: record.id });
    }
    responses.push(response);
    operations.push(
      { kind: 'set', collection: COLLECTIONS.users, id: user.id, data: userRecord(user) },
      { kind: 'set', collection: COLLECTIONS.responses, id: response.id, data: response },
    );
    for (const role of roles) {
      const row = newApplicationRow({
        responseId: response.id,
        applicationFormId: FORM_ID,
        role,
        applicant: user,
        submittedAt: START.toISOString(),
      });
      operations.push({ kind: 'set', collection: COLLECTIONS.reviewStatuses, id: row.id, data: withFilterKeys(row) });
      rows += 1;
    }
  }
  await inBatches(store, operations);
  return { rows, responses };
}

const all = async <T extends Record<string, unknown>>(store: DocumentStore, collection: string) =>
  (await store.query<T>(collection)).items.map((item) => item.data);

/** What auto-assign left: its reviews (none twice), the rows' counts, the loads and the audit entries agree. */
export async function autoAssignState(store: DocumentStore) {
  const reviews = await all<Assessment & Record<string, unknown>>(store, COLLECTIONS.reviews);
  const pairs = reviews.map((review) => `${review.responseId}/${review.role}/${review.staffId}`);
  const perStaff = new Map<string, number>();
  for (const review of reviews) perStaff.set(review.staffId, (perStaff.get(review.staffId) ?? 0) + 1);
  const loads = await all<StaffLoad & Record<string, unknown>>(store, COLLECTIONS.staffLoads);
  const rows = await all<{ reviewsAssigned: number; reviews: unknown[] } & Record<string, unknown>>(
    store,
    COLLECTIONS.reviewStatuses,
  );
  const audit = await all<{ action: string } & Record<string, unknown>>(store, COLLECTIONS.audit);
  return {
    reviews: reviews.length,
    distinctReviews: new Set(pairs).size,
    /** Each staff member's load against the reviews they have. */
    loadsMatch: loads.every((load) => load.reviewsAssigned === (perStaff.get(load.staffId) ?? 0)),
    loadsTotal: loads.reduce((sum, load) => sum + load.reviewsAssigned, 0),
    rowsShort: rows.filter((row) => row.reviewsAssigned !== 2 || row.reviews.length !== 2).length,
    autoCreatedEntries: audit.filter((entry) => entry.action === 'assignment.auto-created').length,
  };
}

/** The store once auto-assign of two reviews per row is done for `rows` rows: each review made once, the loads counted. */
const autoAssignDone = (rows: number): Awaited<ReturnType<typeof autoAssignState>> => ({
  reviews: rows * 2,
  distinctReviews: rows * 2,
  loadsMatch: true,
  loadsTotal: rows * 2,
  rowsShort: 0,
  autoCreatedEntries: rows * 2,
});

/** The job's view then. */
const autoAssignJobDone = (rows: number): AutoAssignJob => ({
  kind: 'auto-assign',
  state: 'done',
  processed: rows,
  total: rows,
  created: rows * 2,
});

/** dora's preview of two reviewers per application, from the reviewers of REVIEWERS. */
export async function previewTwo(harness: Harness): Promise<AutoAssignPreview> {
  const res = await harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 2, staffIds: REVIEWERS });
  if (res.status !== 200) throw new Error(`preview: ${res.status} ${res.text}`);
  return res.body as AutoAssignPreview;
}

export const applyTwo = (harness: Harness, planId: string) =>
  harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication: 2, planId, staffIds: REVIEWERS });

/** Asks for the job's progress until it is no longer writing; answers every answer seen. */
export async function followJob<J extends { state: string }>(harness: Harness, path: string): Promise<J[]> {
  const seen: J[] = [];
  for (let tries = 0; tries < 2_000; tries += 1) {
    const res = await harness.as('dora').get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    seen.push(res.body as J);
    if ((res.body as J).state !== 'writing') return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} still writing`);
}

/** The scheduler as production runs it: every job kind, the file store given. */
export const schedulerOn = (harness: Harness, store: DocumentStore, files: FileStore) =>
  createScheduler({ store, files, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });

export const AUTO_ASSIGN_PROGRESS = `/admin/forms/${FORM_ID}/auto-assign/progress`;
export const FILES_EXPORT = `/admin/forms/${FORM_ID}/export/files`;
export const FILES_ZIP = `/admin/forms/${FORM_ID}/export/files.zip`;

/** The ZIP as downloaded: its entries' names and how many there are of each. */
export async function downloadedZip(harness: Harness): Promise<{ status: number; names: string[]; zip: AdmZip }> {
  const res = await harness.as('dora').get(FILES_ZIP).buffer(true).parse(binaryBody);
  const zip = new AdmZip(res.status === 200 ? (res.body as Buffer) : Buffer.alloc(0));
  return { status: res.status, names: res.status === 200 ? zip.getEntries().map((entry) => entry.entryName) : [], zip };
}

/** A fresh harness on `store` (the caller closes the store), its file store, and how long a request works. */
export async function harnessOn(
  store: DocumentStore,
  options: { files?: FileStore; jobInlineMs: number },
): Promise<{ harness: Harness; files: FileStore }> {
  const files = options.files ?? createMemoryFileStore();
  const harness = await createHarness({ store, files, jobInlineMs: options.jobInlineMs });
  return { harness, files };
}

/** Past the lease a run that died never gave back. */
export const pastTheLease = (harness: Harness) => {
  harness.clock.now = later(harness.clock.now, JOB_LEASE_MS + 1_000);
};

/** Registers the scenarios: `run(title, fn)` is a test whose `fn` gets a fresh store of the target. */
export function longWorkScenarios(run: (title: string, fn: (store: DocumentStore) => Promise<void>) => void): void {
  run('auto-assign answers 202 at once and its progress goes up to done, each review made once', async (store) => {
    const { harness } = await harnessOn(store, { jobInlineMs: 0 });
    const { rows } = await seedApplications(store, 60);
    const plan = await previewTwo(harness);
    expect(plan.assignments).toHaveLength(rows * 2);

    const res = await applyTwo(harness, plan.planId);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'auto-assign', state: 'writing', total: rows });
    const seen = await followJob<AutoAssignJob>(harness, AUTO_ASSIGN_PROGRESS);
    const processed = seen.map((job) => job.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual(autoAssignJobDone(rows));
    expect(await autoAssignState(store)).toEqual(autoAssignDone(rows));
    // The plan's parts are gone with the job done; a new apply while none is writing is planned anew.
    expect(await store.count(COLLECTIONS.jobParts)).toBe(0);
    expect((await applyTwo(harness, (await previewTwo(harness)).planId)).body).toEqual({ created: 0 });
  });

  run(
    'auto-assign that dies midway is taken up by the scheduler once its lease ran out, nothing twice',
    async (store) => {
      const control = newControl();
      // Each read takes a moment, as a networked store's does: the parts overlap on SQLite too.
      const { harness, files } = await harnessOn(crashableStore(jitteredStore(store, 2), control), {
        jobInlineMs: 60_000,
      });
      const { rows } = await seedApplications(store, 240);
      const plan = await previewTwo(harness);
      // Two waves of parts: the first assigned and counted (16 part writes); the second dies after four
      // of its parts are assigned, before they are counted.
      control.dieAfterPartWrites = 20;
      expect((await applyTwo(harness, plan.planId)).status).toBe(500);
      const half = await autoAssignState(store);
      expect(half.reviews).toBeGreaterThan(0);
      expect(half.reviews).toBeLessThan(rows * 2);
      expect(half.distinctReviews).toBe(half.reviews);
      // Parts run several at once, their reads too.
      expect(control.mostTransactions).toBeGreaterThan(1);
      expect(control.mostReads).toBeGreaterThan(1);

      // The lease of the run that died holds the job until it runs out; then the scheduler finishes it.
      const scheduler = schedulerOn(harness, store, files);
      expect((await scheduler.runOnce()).jobs['auto-assign'] ?? 0).toBe(0);
      expect((await autoAssignState(store)).reviews).toBe(half.reviews);
      pastTheLease(harness);
      expect((await scheduler.runOnce()).jobs['auto-assign']).toBeGreaterThanOrEqual(rows * 2 - half.reviews);
      const after = await harnessOn(store, { jobInlineMs: 0 });
      after.harness.clock.now = harness.clock.now;
      const progress = await after.harness.as('dora').get(AUTO_ASSIGN_PROGRESS);
      expect(progress.body).toEqual(autoAssignJobDone(rows));
      expect(await autoAssignState(store)).toEqual(autoAssignDone(rows));
      expect((await scheduler.runOnce()).jobs['auto-assign'] ?? 0).toBe(0);
    },
  );

  run('the ZIP answers 202 at once, its progress goes up to done, and the archive downloads whole', async (store) => {
    const { harness, files } = await harnessOn(store, { jobInlineMs: 0 });
    const { rows } = await seedApplications(store, 150, files);

    const res = await harness.as('dora').post(FILES_EXPORT);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'files-export', state: 'writing' });
    const seen = await followJob<FilesExportJob>(harness, FILES_EXPORT);
    const processed = seen.map((job) => job.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ state: 'done', processed: rows, total: rows });
    const { status, names, zip } = await downloadedZip(harness);
    expect(status).toBe(200);
    const folders = names.filter((name) => name.includes('/')).map((name) => name.split('/')[0]);
    expect(folders).toHaveLength(150);
    expect(new Set(folders).size).toBe(150);
    expect(zip.readAsText('Applicant007 Job (job-applicant-007@example.com)/resume.pdf')).toContain(
      'job-applicant-007',
    );
  });

  run(
    'the ZIP that dies midway is packed on by the scheduler, each applicant once, and deleted after a day',
    async (store) => {
      const control = newControl();
      const memory = createMemoryFileStore();
      const { harness } = await harnessOn(crashableStore(store, control), {
        files: crashableFiles(memory, control),
        jobInlineMs: 60_000,
      });
      await seedApplications(store, 150, memory);
      // Dies as the second part is recorded (its segment written, its record not).
      control.dieAfterPartWrites = 1;
      expect((await harness.as('dora').post(FILES_EXPORT)).status).toBe(500);
      expect(control.mostReads).toBeGreaterThan(1);

      const after = await harnessOn(store, { files: memory, jobInlineMs: 0 });
      const packing = await after.harness.as('dora').get(FILES_ZIP);
      expect({ status: packing.status, reason: packing.body.error?.reason }).toEqual({
        status: 409,
        reason: 'job-running',
      });
      const scheduler = schedulerOn(harness, store, memory);
      expect((await scheduler.runOnce()).jobs['files-export'] ?? 0).toBe(0);
      pastTheLease(harness);
      after.harness.clock.now = harness.clock.now;
      expect((await scheduler.runOnce()).jobs['files-export']).toBeGreaterThan(0);
      const { status, names } = await downloadedZip(after.harness);
      expect(status).toBe(200);
      const folders = names.filter((name) => name.includes('/')).map((name) => name.split('/')[0]);
      expect(folders).toHaveLength(150);
      expect(new Set(folders).size).toBe(150);

      // Kept a day, then the scheduler deletes the archive; the download says so.
      const archive = () => memory.paths().filter((path) => path.startsWith('exports/'));
      expect(archive().length).toBeGreaterThan(0);
      after.harness.clock.now = later(harness.clock.now, FILES_EXPORT_KEPT_MS + 60_000);
      await schedulerOn(after.harness, store, memory).runOnce();
      expect(archive()).toEqual([]);
      const gone = await after.harness.as('dora').get(FILES_ZIP);
      expect({ status: gone.status, message: gone.body.error?.message }).toEqual({
        status: 404,
        message: JOB_MESSAGES.filesExportExpired,
      });
      expect((await after.harness.as('dora').get(FILES_EXPORT)).body).toMatchObject({ state: 'expired' });
    },
  );
  run(
    'an erasure discards the ZIP, packed or still packing, and a run still packing deletes what it writes after',
    async (store) => {
      const memory = createMemoryFileStore();
      const archive = () => memory.paths().filter((path) => path.startsWith('exports/'));
      // The erasure comes as the run writes its second segment, before the run records it.
      let segments = 0;
      const erasing: FileStore = {
        ...memory,
        async put(path, content, type) {
          const stored = await memory.put(path, content, type);
          if (path.startsWith('exports/') && ++segments === 2) {
            expect(await discardFilesExports({ jobs: createJobsRepository(store), files: memory }, [FORM_ID])).toBe(1);
          }
          return stored;
        },
      };
      const { harness } = await harnessOn(store, { files: erasing, jobInlineMs: 60_000 });
      await seedApplications(store, 250, memory);

      await harness.as('dora').post(FILES_EXPORT);
      expect(segments).toBeGreaterThanOrEqual(2);
      expect((await harness.as('dora').get(FILES_EXPORT)).body).toMatchObject({ state: 'expired' });
      expect(archive()).toEqual([]);
      expect(await store.count(COLLECTIONS.jobParts)).toBe(0);
      pastTheLease(harness);
      expect((await schedulerOn(harness, store, memory).runOnce()).jobs['files-export'] ?? 0).toBe(0);

      // Packed again, then one applicant deleted by the super-reviewer: the archive goes with them.
      segments = 10;
      expect((await harness.as('dora').post(FILES_EXPORT)).status).toBe(200);
      expect(archive().length).toBeGreaterThan(0);
      await harness
        .as('dora')
        .post('/admin/users/delete', { userIds: ['job-applicant-007'] })
        .expect(200);
      expect(archive()).toEqual([]);
      const gone = await harness.as('dora').get(FILES_ZIP);
      expect({ status: gone.status, message: gone.body.error?.message }).toEqual({
        status: 404,
        message: JOB_MESSAGES.filesExportExpired,
      });
    },
  );
}
