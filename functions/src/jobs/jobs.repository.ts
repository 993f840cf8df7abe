import type { JobState } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction, WriteOperation } from '../store/document-store';
import { queryAllWithIds } from '../store/query-pages';
import { STORE_LIMITS } from '../store/store-limits';

/** The kinds of job beside a release's (whose document has no kind). */
export type JobKind = 'auto-assign' | 'files-export' | 'files-export-cleanup' | 'search-postings';

/** A job as stored (COLLECTIONS.jobs): how far it is, and which run works on it until when. */
export interface StoredJob {
  [field: string]: unknown;
  /** Absent: a release's job, whose id is its form's (staff/decisions/row-decisions.service.ts). */
  kind?: JobKind;
  formId: string;
  state: JobState;
  total?: number;
  processed?: number;
  /** The run working on it (a random id) and until when (ISO 8601, the portal's clock): its lease. */
  leaseHolder?: string;
  leaseUntil?: string;
  /** Left alone until then (ISO 8601): a job that waits for its time (a ZIP's deletion). */
  notBefore?: string;
  /** Runs of it that ended on an error (job-runner.ts: MAX_JOB_FAILURES). */
  failures?: number;
  /** Why a failed job stopped. */
  error?: string;
}

/** A part of a job's work (COLLECTIONS.jobParts): what it is, and once done what it did. */
export type StoredJobPart = Record<string, unknown>;

/** The one job of a kind a form has at a time. */
export const jobId = (kind: JobKind, formId: string): string => `${kind}__${formId}`;

/** The `index`th part of a run of a job (a run: one start of it, `runId` random), in order by id. */
export const jobPartId = (runId: string, index: number): string => `${runId}__${String(index).padStart(6, '0')}`;

/** Reads and writes of jobs and their parts inside a store transaction (every read before the first write). */
export interface JobsTransaction {
  getJob<J extends StoredJob>(id: string): Promise<J | null>;
  setJob(id: string, job: StoredJob): void;
  getJobPart<P extends StoredJobPart>(id: string): Promise<P | null>;
  setJobPart(id: string, part: StoredJobPart): void;
}

export function jobsInTransaction(tx: StoreTransaction): JobsTransaction {
  return {
    getJob: <J extends StoredJob>(id: string) => tx.get<J>(COLLECTIONS.jobs, id),
    setJob: (id, job) => tx.set(COLLECTIONS.jobs, id, job),
    getJobPart: <P extends StoredJobPart>(id: string) => tx.get<P>(COLLECTIONS.jobParts, id),
    setJobPart: (id, part) => tx.set(COLLECTIONS.jobParts, id, part),
  };
}

/** Every store access of the jobs: the job documents and their parts. */
export interface JobsRepository {
  getJob<J extends StoredJob>(id: string): Promise<J | null>;
  /** Every job still writing, with its id: the scheduler's one query of them a minute. */
  writingJobs(): Promise<(StoredJob & { id: string })[]>;
  /** The parts, read all at once (null where there is none). */
  getParts<P extends StoredJobPart>(ids: string[]): Promise<(P | null)[]>;
  /** Writes the parts, as many per commit as Firestore takes. */
  setParts(parts: { id: string; part: StoredJobPart }[]): Promise<void>;
  deleteParts(ids: string[]): Promise<void>;
  transaction<R>(work: (tx: JobsTransaction) => Promise<R>): Promise<R>;
}

export function createJobsRepository(store: DocumentStore): JobsRepository {
  async function inBatches(operations: WriteOperation[]): Promise<void> {
    for (let start = 0; start < operations.length; start += STORE_LIMITS.writesPerCommit) {
      await store.batch(operations.slice(start, start + STORE_LIMITS.writesPerCommit));
    }
  }
  return {
    getJob: <J extends StoredJob>(id: string) => store.get<J>(COLLECTIONS.jobs, id),
    async writingJobs() {
      const found = await queryAllWithIds<StoredJob>(store, COLLECTIONS.jobs, [{ field: 'state', value: 'writing' }]);
      return found.map(({ id, data }) => ({ ...data, id }));
    },
    getParts: <P extends StoredJobPart>(ids: string[]) =>
      Promise.all(ids.map((id) => store.get<P>(COLLECTIONS.jobParts, id))),
    setParts: (parts) =>
      inBatches(parts.map(({ id, part }) => ({ kind: 'set', collection: COLLECTIONS.jobParts, id, data: part }))),
    deleteParts: (ids) => inBatches(ids.map((id) => ({ kind: 'delete', collection: COLLECTIONS.jobParts, id }))),
    transaction: (work) => store.transaction((tx) => work(jobsInTransaction(tx))),
  };
}
