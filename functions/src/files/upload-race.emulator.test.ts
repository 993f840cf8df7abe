import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import { createHarness, startResponse, type Harness } from '../testing/api-harness';
import { storeTargets } from '../testing/store-targets';
import { createFilesRepository, type FilesRepository } from './files.repository';
import { createFilesService } from './files.service';
import { createLocalFileStore } from './local-file-store';

/**
 * Many uploads to one question at once (a double-click, a script): the question keeps exactly one
 * file, each other upload is replaced or refused, and no bytes stay behind without a record. On
 * SQLite, and on Google's Cloud Firestore emulator (real transaction isolation) where installed.
 * The bursts go to the files service itself: over HTTP the per-user upload rate limit (one
 * transaction per request on one counter) spreads one user's burst out over seconds on Firestore,
 * which makes the race milder and each round slow. `PORTAL_PORT_OFFSET=30000 npx jest
 * functions/src/files/upload-race.emulator.test.ts` prints the rounds and what was left over.
 */
jest.setTimeout(300_000);

const ROUNDS = Number(process.env.PORTAL_RACE_ROUNDS ?? 20);
const PARALLEL = 30;
/** Two uploads at once with the lease bypassed: only the transaction keeps them apart. */
const OVERLAP_ROUNDS = ROUNDS;
const OVERLAP = 2;

/** `count` uploads of ada's résumé at once, each with bytes of its own; how each one ended. */
const burst = (service: ReturnType<typeof createFilesService>, responseId: string, round: number, count: number) =>
  Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      service.upload({
        uid: 'ada',
        responseId,
        questionId: 'resume',
        contentType: 'application/pdf',
        fileName: `resume-${index}.pdf`,
        content: pdf(round, index),
      }),
    ),
  );

/** Every stored byte file under `root`, relative (the local store's metadata left out). */
async function bytesOnDisk(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('.'))
    .sort();
}

/** "Another upload to this question is in progress; try again in a moment." */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code === 'conflict';

/**
 * The Firestore emulator sometimes closes one of several overlapping transactions instead of
 * aborting it (INVALID_ARGUMENT, which no client retries; production Firestore aborts, and the
 * store retries). The upload then fails as a whole, which must leave nothing behind either.
 */
const emulatorClosedIt = (error: unknown) => String(error).includes('Transaction is invalid or closed');

const pdf = (round: number, index: number) => Buffer.from(`%PDF-1.4\nround ${round} upload ${index}\n%%EOF\n`);

describe.each(storeTargets('upload-race'))('parallel uploads to one question on %s', (name, makeStore) => {
  let harness: Harness;
  let cleanup: () => Promise<void>;
  let fileRoot: string;

  beforeEach(async () => {
    if (!makeStore) return;
    const made = await makeStore();
    cleanup = made.cleanup;
    fileRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-upload-race-'));
    harness = await createHarness({ store: made.store, files: createLocalFileStore({ root: fileRoot }) });
  });
  afterEach(async () => {
    if (!makeStore) return;
    await harness.close();
    await cleanup();
    await fs.rm(fileRoot, { recursive: true, force: true });
  });

  (makeStore ? it : it.skip)(`leave one file and no orphaned bytes, ${ROUNDS} rounds of ${PARALLEL}`, async () => {
    const response = await startResponse(harness, 'ada');
    const storage = createLocalFileStore({ root: fileRoot });
    const service = createFilesService({
      files: createFilesRepository(harness.store),
      storage,
      now: () => harness.clock.now,
    });
    const figures = { rounds: 0, stored: 0, replaced: 0, refused: 0, extraRecords: 0, orphanedBytes: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const results = await burst(service, response.id, round, PARALLEL);
      const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      // Each upload is stored or refused with a clean "try again", never a server error.
      expect(refusals.filter((error) => !isRefusal(error))).toEqual([]);

      const records = (
        await harness.store.query<UploadedFile>(COLLECTIONS.files, {
          where: [
            { field: 'responseId', value: response.id },
            { field: 'questionId', value: 'resume' },
          ],
        })
      ).items.map((item) => item.data);
      const onDisk = await bytesOnDisk(fileRoot);
      figures.rounds += 1;
      figures.stored += stored.length;
      figures.replaced += Math.max(0, stored.length - 1) + (round > 0 ? 1 : 0);
      figures.refused += refusals.length;
      figures.extraRecords += Math.max(0, records.length - 1);
      figures.orphanedBytes += onDisk.filter((file) => !records.some((each) => file.endsWith(each.id))).length;

      expect(records).toHaveLength(1);
      const [kept] = records;
      expect(onDisk).toEqual([`responses/${response.id}/resume/${kept!.id}`]);
      // The one kept was answered as stored, and it reads back whole.
      expect(stored.map((file) => file.id)).toContain(kept!.id);
      const index = Number(kept!.name.replace(/\D/g, ''));
      expect((await harness.as('ada').get(`/files/${kept!.id}/meta`)).status).toBe(200);
      const read = await storage.read(`responses/${response.id}/resume/${kept!.id}`);
      const chunks: Buffer[] = [];
      for await (const chunk of read!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(pdf(round, index));
    }
    console.log(`upload race on ${name}: ${JSON.stringify(figures)}`);
    expect(figures).toMatchObject({ rounds: ROUNDS, extraRecords: 0, orphanedBytes: 0 });
  });
  (makeStore ? it : it.skip)(
    `leave one file when uploads overlap anyway (a lease ran out), ${OVERLAP_ROUNDS} rounds of ${OVERLAP}`,
    async () => {
      const response = await startResponse(harness, 'ada');
      const storage = createLocalFileStore({ root: fileRoot });
      const repository = createFilesRepository(harness.store);
      // Every upload gets the question, as if each found the lease before it expired: only the
      // record's transaction keeps them apart.
      const unleased: FilesRepository = {
        ...repository,
        claimUpload: async () => ({ id: 'none' }),
        releaseUpload: async () => {},
      };
      const service = createFilesService({ files: unleased, storage, now: () => harness.clock.now });
      for (let round = 0; round < OVERLAP_ROUNDS; round += 1) {
        const results = await burst(service, response.id, round, OVERLAP);
        const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
        expect(refusals.filter((error) => !isRefusal(error) && !emulatorClosedIt(error))).toEqual([]);
        const records = (await harness.store.query<UploadedFile>(COLLECTIONS.files)).items.map((item) => item.data);
        expect(records).toHaveLength(1);
        expect(await bytesOnDisk(fileRoot)).toEqual([`responses/${response.id}/resume/${records[0]!.id}`]);
      }
    },
  );
});
