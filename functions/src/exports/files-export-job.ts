import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FILES_EXPORT_KEPT_MS,
  type ApplicationForm,
  type ApplicationRow,
  type FilesExportJob,
} from '@portal/shared/domain';
import type { Logger } from 'pino';
import type { FileStore } from '../files/file-store';
import { inParallel } from '../jobs/in-parallel';
import { yieldToRequests, type JobHandler, type JobRun } from '../jobs/job-runner';
import { createJobsRepository, jobId, jobPartId, type JobsRepository, type StoredJob } from '../jobs/jobs.repository';
import type { DocumentStore } from '../store/document-store';
import { compareText } from '../store/memory-pages';
import { createExportsRepository } from './exports.repository';
import { createExportsService, type ZipEntry } from './exports.service';
import { centralDirectory, localHeader, zipCrc, type ZipEntryRecord } from './zip-format';
import { zipReadme } from './export-notice';
import { uniqueNames } from './zip-names';

/**
 * The ZIP of a form's uploaded files as a job (docs/architecture.md#long-work-as-jobs). The rows are
 * read at once and packed in name order, a part of rows at a time: the part's responses and file
 * records are read together, its files' bytes several at once, and written as segments of the
 * archive into the file store (local disk, Cloud Storage); the part's record (its segments, its
 * entries at their offsets in the archive, its folders) commits with the job's progress. Once every
 * row is packed the central directory is the last segment, and GET …/export/files.zip sends the
 * segments in order as one file. A run that stops midway is taken up from the last part recorded
 * (a part written again replaces its own segments). The archive is deleted after
 * FILES_EXPORT_KEPT_MS by a job of its own (`files-export-cleanup`).
 */

/** Rows per part (one record and at least one segment each). */
export const FILES_EXPORT_ROWS_PER_PART = 100;
/** Bytes of files per segment at most (a single larger file has a segment of its own): what a run holds in memory. */
export const FILES_EXPORT_SEGMENT_BYTES = 16 * 1024 * 1024;
/** Files read from the file store at once. */
const FILE_READS_IN_FLIGHT = 8;

/** The job's document: the run, how far it is packed, and once done where the archive is. */
export interface FilesExportJobDocument extends StoredJob {
  kind: 'files-export';
  runId: string;
  fileName: string;
  createdAt: string;
  /** Rows of the form when the export started, and those packed. */
  total: number;
  processed: number;
  /** Parts recorded: the next part's index. */
  parts: number;
  /** The last row packed, in the archive's order: the next part starts after it. */
  after?: { sortName: string; id: string };
  /** Bytes of the archive written so far: where the next part's entries start. */
  offset: number;
  /** Done: the segments in order, the archive's size and when it is deleted. */
  segments?: string[];
  size?: number;
  expiresAt?: string;
}

/** A part as recorded: its segments, its entries (offsets from the archive's start) and its folders. */
interface ZipPart {
  [field: string]: unknown;
  segments: { path: string; size: number }[];
  entries: ZipEntryRecord[];
  folders: string[];
}

/** The deletion of a run's archive, waiting until its time (`notBefore`). */
export interface FilesExportCleanupDocument extends StoredJob {
  kind: 'files-export-cleanup';
  runId: string;
  segments: string[];
}

export const filesExportJobId = (formId: string): string => jobId('files-export', formId);
const cleanupJobId = (runId: string): string => `files-export-cleanup__${runId}`;
/** Where a run's archive is kept in the file store (apart from the uploads, under `responses/`). */
const segmentPath = (job: Pick<FilesExportJobDocument, 'formId' | 'runId'>, name: string) =>
  `exports/${job.formId}/${job.runId}/${name}`;

/** What the API says of the job. */
export const filesExportJobView = (job: FilesExportJobDocument): FilesExportJob => ({
  kind: 'files-export',
  state: job.state,
  processed: job.processed,
  total: job.total,
  fileName: job.fileName,
  ...(job.state === 'done' ? { size: job.size, expiresAt: job.expiresAt } : {}),
  ...(job.error ? { error: job.error } : {}),
});

const range = (count: number) => Array.from({ length: count }, (_, at) => at);
const afterKey = (row: ApplicationRow, after: FilesExportJobDocument['after']) =>
  !after || compareText(row.sortName, after.sortName) > 0 || (row.sortName === after.sortName && row.id > after.id);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type ExportsService = ReturnType<typeof createExportsService>;

export interface FilesExportDeps {
  jobs: JobsRepository;
  exports: ExportsService;
  files: FileStore;
  now: () => Date;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Starts an export of the form's files: a new run, unless one is still packing (that one is
 * answered). The archive a finished run left is deleted now (its cleanup made due): a form has one.
 */
export async function startFilesExport(deps: FilesExportDeps, form: ApplicationForm): Promise<string> {
  const id = filesExportJobId(form.id);
  const at = deps.now();
  const job: FilesExportJobDocument = {
    kind: 'files-export',
    formId: form.id,
    state: 'writing',
    runId: randomUUID(),
    fileName: deps.exports.filesName(form),
    createdAt: at.toISOString(),
    total: await deps.exports.rowCount(form.id),
    processed: 0,
    parts: 0,
    offset: 0,
  };
  await deps.jobs.transaction(async (tx) => {
    const current = await tx.getJob<FilesExportJobDocument>(id);
    if (current?.state === 'writing') return;
    const cleanup = current && (await tx.getJob<FilesExportCleanupDocument>(cleanupJobId(current.runId)));
    if (cleanup?.state === 'writing') tx.setJob(cleanupJobId(current!.runId), { ...cleanup, notBefore: job.createdAt });
    tx.setJob(id, job);
  });
  return id;
}

export function filesExportJobHandlers(deps: FilesExportDeps): {
  'files-export': JobHandler<FilesExportJobDocument>;
  'files-export-cleanup': JobHandler<FilesExportCleanupDocument>;
} {
  const { jobs, exports, files, now } = deps;
  const deleteSegments = (paths: string[]) => inParallel(paths, FILE_READS_IN_FLIGHT, (path) => files.delete(path));

  /**
   * Whether the run `runId` of the export `id` is over for good (discarded by an erasure, or a new
   * run started): not when another run of the same `runId` took it over, which writes the same paths.
   */
  async function discardedMeanwhile(id: string, runId: string): Promise<boolean> {
    const current = await jobs.transaction((tx) => tx.getJob<FilesExportJobDocument>(id));
    return !current || current.runId !== runId || current.state !== 'writing';
  }

  /** Writes the segments of a part's entries (their bytes read several at once); answers the part's record. */
  async function pack(job: FilesExportJobDocument, index: number, entries: ZipEntry[]) {
    const groups: ZipEntry[][] = [];
    let bytes = Infinity;
    for (const entry of entries) {
      if (bytes + entry.size > FILES_EXPORT_SEGMENT_BYTES) {
        groups.push([]);
        bytes = 0;
      }
      groups.at(-1)!.push(entry);
      bytes += entry.size;
    }
    const segments: ZipPart['segments'] = [];
    const records: ZipEntryRecord[] = [];
    let offset = job.offset;
    for (const [number, group] of groups.entries()) {
      const contents = new Map<ZipEntry, Buffer>();
      await inParallel(group, FILE_READS_IN_FLIGHT, async (entry) => {
        const stored = await files.read(entry.storagePath);
        if (stored) contents.set(entry, await bytesOf(stored.stream));
        else deps.logger?.warn({ path: entry.storagePath }, 'export: an uploaded file has no bytes in the file store');
      });
      const pieces: Buffer[] = [];
      let size = 0;
      for (const entry of group) {
        const content = contents.get(entry);
        if (!content) continue;
        const record = { name: entry.name, crc: zipCrc(content), size: content.length, date: entry.date.getTime() };
        const header = localHeader(record);
        records.push({ ...record, offset: offset + size });
        pieces.push(header, content);
        size += header.length + content.length;
      }
      if (size === 0) continue;
      const path = segmentPath(job, `${index}-${number}`);
      await files.put(path, Buffer.concat(pieces), 'application/zip');
      segments.push({ path, size });
      offset += size;
    }
    return { segments, entries: records, size: offset - job.offset };
  }

  /** The archive's central directory as its last segment, the job done and its deletion due at `expiresAt`. */
  async function finish(id: string, run: JobRun, job: FilesExportJobDocument): Promise<FilesExportJobDocument | null> {
    const parts = await jobs.getParts<ZipPart>(range(job.parts).map((index) => jobPartId(job.runId, index)));
    // The README (export-notice.ts) is the last file's bytes and the first entry listed.
    const readme = zipReadme(new Date(job.createdAt), job.offset);
    const directory = Buffer.concat([
      readme.bytes,
      centralDirectory(
        [readme.record, ...parts.flatMap((part) => part?.entries ?? [])],
        job.offset + readme.bytes.length,
      ),
    ]);
    const path = segmentPath(job, 'central-directory');
    await files.put(path, directory, 'application/zip');
    const segments = [...parts.flatMap((part) => (part?.segments ?? []).map((segment) => segment.path)), path];
    const expiresAt = new Date(now().getTime() + FILES_EXPORT_KEPT_MS).toISOString();
    const done = await jobs.transaction(async (tx) => {
      const current = await run.held<FilesExportJobDocument>(tx, id);
      if (!current || current.runId !== job.runId) return null;
      const next: FilesExportJobDocument = {
        ...current,
        state: 'done',
        processed: current.total,
        segments,
        size: job.offset + directory.length,
        expiresAt,
      };
      run.save(tx, id, next);
      const cleanup: FilesExportCleanupDocument = {
        kind: 'files-export-cleanup',
        formId: job.formId,
        state: 'writing',
        runId: job.runId,
        segments,
        notBefore: expiresAt,
      };
      tx.setJob(cleanupJobId(job.runId), cleanup);
      return next;
    });
    if (done) await jobs.deleteParts(range(job.parts).map((index) => jobPartId(job.runId, index)));
    else if (await discardedMeanwhile(id, job.runId)) await deleteSegments([path]);
    return done;
  }

  const exportHandler: JobHandler<FilesExportJobDocument> = {
    async run(stored, run) {
      const id = stored.id;
      let job: FilesExportJobDocument = stored;
      const form = await exports.formOrNotFound(job.formId);
      const rows = await exports.rowsInNameOrder(job.formId);
      // The folders of the parts packed before: each applicant's is named once in the archive.
      const folders = uniqueNames();
      const before = await jobs.getParts<ZipPart>(range(job.parts).map((index) => jobPartId(job.runId, index)));
      for (const part of before) for (const folder of part?.folders ?? []) folders(folder);
      let packed = 0;
      while (job.state === 'writing' && run.hasTime()) {
        await yieldToRequests();
        const rest = rows.filter((row) => afterKey(row, job.after));
        if (rest.length === 0) {
          await finish(id, run, job);
          return packed;
        }
        // A part ends with its last response's rows (they are together in this order).
        let end = Math.min(rest.length, FILES_EXPORT_ROWS_PER_PART);
        while (end < rest.length && rest[end]!.responseId === rest[end - 1]!.responseId) end += 1;
        const chunk = rest.slice(0, end);
        const { entries, folders: named } = await exports.zipEntries(form, chunk, folders);
        const index = job.parts;
        const part = await pack(job, index, entries);
        const last = chunk.at(-1)!;
        const next = await jobs.transaction(async (tx) => {
          const current = await run.held<FilesExportJobDocument>(tx, id);
          if (!current || current.runId !== job.runId || current.parts !== index) return null;
          tx.setJobPart(jobPartId(job.runId, index), {
            segments: part.segments,
            entries: part.entries,
            folders: named,
          } satisfies ZipPart);
          const moved: FilesExportJobDocument = {
            ...current,
            // Rows packed and still to pack: the form's rows now (a late submit counts).
            total: current.processed + rest.length,
            parts: index + 1,
            after: { sortName: last.sortName, id: last.id },
            offset: current.offset + part.size,
            processed: current.processed + chunk.length,
          };
          run.save(tx, id, moved);
          return moved;
        });
        if (!next) {
          // The export was discarded or started again meanwhile: what this part wrote is no one's.
          if (await discardedMeanwhile(id, job.runId)) await deleteSegments(part.segments.map((each) => each.path));
          return packed;
        }
        packed += chunk.length;
        job = next;
      }
      return packed;
    },

    /** A run that failed for good: its segments go at once (those of a part not recorded too). */
    async failed(job) {
      const parts = await jobs.getParts<ZipPart>(range(job.parts).map((index) => jobPartId(job.runId, index)));
      const segments = parts.flatMap((part) => (part?.segments ?? []).map((segment) => segment.path));
      for (let number = 0; await files.stat(segmentPath(job, `${job.parts}-${number}`)); number += 1) {
        segments.push(segmentPath(job, `${job.parts}-${number}`));
      }
      const cleanup: FilesExportCleanupDocument = {
        kind: 'files-export-cleanup',
        formId: job.formId,
        state: 'writing',
        runId: job.runId,
        segments,
        notBefore: now().toISOString(),
      };
      await jobs.transaction(async (tx) => tx.setJob(cleanupJobId(job.runId), cleanup));
      await jobs.deleteParts(range(job.parts).map((index) => jobPartId(job.runId, index)));
    },
  };

  const cleanupHandler: JobHandler<FilesExportCleanupDocument> = {
    async run(job, run) {
      await deleteSegments(job.segments);
      await jobs.transaction(async (tx) => {
        const exportId = filesExportJobId(job.formId);
        const [current, exported] = await Promise.all([
          run.held<FilesExportCleanupDocument>(tx, job.id),
          tx.getJob<FilesExportJobDocument>(exportId),
        ]);
        if (!current) return;
        if (exported?.runId === job.runId && exported.state === 'done') {
          const { segments: _segments, size: _size, ...rest } = exported;
          tx.setJob(exportId, { ...rest, state: 'expired' });
        }
        run.save(tx, job.id, { ...current, state: 'done' });
      });
      return job.segments.length;
    },
  };

  return { 'files-export': exportHandler, 'files-export-cleanup': cleanupHandler };
}

/**
 * After an erasure (staff/admin-users.service.ts): the archive of each of `formIds` goes at once,
 * not when it expires, since it may hold the erased applicants' files under their name. A finished
 * archive is deleted and its job marked expired (the director exports again); a run still packing
 * is stopped the same way (it deletes what it writes after this: `discardedMeanwhile`). Answers how
 * many exports were discarded.
 */
export async function discardFilesExports(
  deps: { jobs: JobsRepository; files: FileStore },
  formIds: Iterable<string>,
): Promise<number> {
  let discarded = 0;
  for (const formId of new Set(formIds)) {
    const id = filesExportJobId(formId);
    const job = await deps.jobs.transaction(async (tx) => {
      const current = await tx.getJob<FilesExportJobDocument>(id);
      if (current?.state !== 'done' && current?.state !== 'writing') return null;
      const { segments: _segments, size: _size, after: _after, ...rest } = current;
      tx.setJob(id, { ...rest, state: 'expired' });
      return current;
    });
    if (!job) continue;
    const partIds = range(job.parts).map((index) => jobPartId(job.runId, index));
    const parts = job.segments ? [] : await deps.jobs.getParts<ZipPart>(partIds);
    const segments = job.segments ?? parts.flatMap((part) => (part?.segments ?? []).map((segment) => segment.path));
    await inParallel(segments, FILE_READS_IN_FLIGHT, (path) => deps.files.delete(path));
    await deps.jobs.deleteParts(partIds);
    discarded += 1;
  }
  return discarded;
}

/** The ZIP export's job handlers on a store and a file store, as the scheduler runs them. */
export function filesExportJobs(deps: {
  store: DocumentStore;
  files: FileStore;
  now: () => Date;
  logger?: Pick<Logger, 'warn'>;
}) {
  const exports = createExportsService({ exports: createExportsRepository(deps.store), now: deps.now });
  return filesExportJobHandlers({ ...deps, jobs: createJobsRepository(deps.store), exports });
}
