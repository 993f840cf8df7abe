import { randomUUID } from 'node:crypto';
import type { JobKind, JobsRepository, JobsTransaction, StoredJob } from './jobs.repository';

/**
 * Long work as jobs (docs/architecture.md#long-work-as-jobs): a request that starts long work (a
 * release, auto-assign, the ZIP of a form's files) stores it as a job, works on it for up to
 * JOB_INLINE_MS and answers: 200 when it is done, else 202 while the rest goes on in the same
 * process (`inRequest`). The scheduler looks for jobs still writing every minute (`resume`): one
 * whose run stopped (a crash, an instance stopped after its answer) is taken up again once its lease
 * has run out, from the progress it stored. Every step of a job is idempotent, so a step done twice
 * (a run that lost its lease midway) changes nothing the second time.
 */

/** How long a request works on its job before it answers (the rest goes on as the job). */
export const JOB_INLINE_MS = 8_000;

/**
 * How long a run holds its job without storing progress: each step renews it. A run that stops
 * without giving it back (a crash) leaves the job to the scheduler once it has run out.
 */
export const JOB_LEASE_MS = 60_000;

/** A run of a job, as its handler sees it. */
export interface JobRun {
  /** When the run stops taking up steps (ms since the epoch: its request's time, the scheduler's budget); absent: never. */
  readonly until?: number;
  /** Whether the run has time for another step. */
  hasTime(): boolean;
  /**
   * In `tx`: the job as stored while this run still holds it, else null (it was finished, or taken
   * over by another run after this one's lease ran out: this run then stops).
   */
  held<J extends StoredJob>(tx: JobsTransaction, id: string): Promise<J | null>;
  /** In `tx`, after `held`: writes the job, this run's lease renewed. */
  save(tx: JobsTransaction, id: string, job: StoredJob): void;
}

/** What runs one kind of job (`J`: its document). */
export interface JobHandler<J extends StoredJob = StoredJob> {
  /** Does what is left of the job, or as much as the run has time for; answers how much it did (by kind). */
  run(job: J & { id: string }, run: JobRun): Promise<number>;
  /** false: each of its steps claims its own work in a transaction, so its runs take no lease (a release's). */
  leased?: boolean;
  /** Cleans up after a job that failed (MAX_JOB_FAILURES runs ended on an error): what it stored on the way. */
  failed?(job: J & { id: string }): Promise<void>;
}

/**
 * Runs of a job that may end on an error before it is failed: a store or file store that is down
 * for a while is waited out (a run a minute), a job that fails the same way each time is ended.
 */
export const MAX_JOB_FAILURES = 5;

/** What a job failed that often says (the server's log has each error). */
export const JOB_FAILED_MESSAGE = `It stopped on an error ${MAX_JOB_FAILURES} times; the server log has each`;

/** Another request's turn between steps: a store that answers at once (SQLite) would otherwise hold the process. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Work that goes on in this process after its request answered, at most once per key at a time; a
 * failure is reported, and the scheduler takes the job up again.
 */
export function createBackgroundWork(onError: (error: unknown) => void = () => undefined) {
  const running = new Set<string>();
  return {
    start(key: string, work: () => Promise<unknown>): void {
      if (running.has(key)) return;
      running.add(key);
      void work()
        .catch((error: unknown) => onError(error))
        .finally(() => running.delete(key));
    },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createJobRunner(deps: {
  jobs: JobsRepository;
  now: () => Date;
  /** By kind; a release's job (no kind) under `release`. */
  handlers: Partial<Record<JobKind | 'release', JobHandler>>;
  /** A job that failed after its request answered (the scheduler takes it up again). */
  onBackgroundError?: (error: unknown) => void;
  leaseMs?: number;
}) {
  const { jobs, now, handlers } = deps;
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  const handlerOf = (job: StoredJob) => handlers[job.kind ?? 'release'];

  /** Takes the job's lease for `holder`, unless it is finished, waits for its time or another run holds it. */
  async function claim(id: string, holder: string): Promise<StoredJob | null> {
    return jobs.transaction(async (tx) => {
      const job = await tx.getJob(id);
      const at = now().getTime();
      if (!job || job.state !== 'writing') return null;
      if (job.notBefore !== undefined && Date.parse(job.notBefore) > at) return null;
      const taken = job.leaseHolder !== undefined && job.leaseHolder !== holder;
      if (taken && job.leaseUntil !== undefined && Date.parse(job.leaseUntil) > at) return null;
      const claimed = { ...job, leaseHolder: holder, leaseUntil: iso(at + leaseMs) };
      tx.setJob(id, claimed);
      return claimed;
    });
  }

  /** Counts a run that ended on an error; the last one allowed fails the job. Answers the job if it failed now. */
  async function noteFailure(id: string, holder: string): Promise<StoredJob | null> {
    return jobs.transaction(async (tx) => {
      const job = await tx.getJob(id);
      if (job?.state !== 'writing' || job.leaseHolder !== holder) return null;
      const failures = (typeof job.failures === 'number' ? job.failures : 0) + 1;
      const failed = failures >= MAX_JOB_FAILURES;
      tx.setJob(id, { ...job, failures, ...(failed ? { state: 'failed', error: JOB_FAILED_MESSAGE } : {}) });
      return failed ? job : null;
    });
  }

  /** Gives the lease back (a run that stopped without finishing leaves the job to the next run at once). */
  async function giveBack(id: string, holder: string): Promise<void> {
    await jobs.transaction(async (tx) => {
      const job = await tx.getJob(id);
      if (job?.leaseHolder !== holder) return;
      const { leaseHolder: _holder, leaseUntil: _until, ...rest } = job;
      tx.setJob(id, rest);
    });
  }

  function runOf(holder: string, until: number | undefined): JobRun {
    return {
      until,
      hasTime: () => until === undefined || Date.now() < until,
      async held<J extends StoredJob>(tx: JobsTransaction, id: string) {
        const job = await tx.getJob<J>(id);
        return job && job.state === 'writing' && job.leaseHolder === holder ? job : null;
      },
      save: (tx, id, job) => tx.setJob(id, { ...job, leaseHolder: holder, leaseUntil: iso(now().getTime() + leaseMs) }),
    };
  }

  /** Runs the job (`known`: as the caller just read it) until it is done or `until` has passed; answers what it did. */
  async function run(id: string, options: { until?: number } = {}, known?: StoredJob): Promise<number> {
    const stored = known ?? (await jobs.getJob(id));
    const handler = stored && handlerOf(stored);
    if (!stored || !handler || stored.state !== 'writing') return 0;
    if (handler.leased === false) return handler.run({ ...stored, id }, runOf('', options.until));
    // Waiting for its time, or held by a run whose lease is live: nothing to claim (no transaction).
    const at = now().getTime();
    if (stored.notBefore !== undefined && Date.parse(stored.notBefore) > at) return 0;
    if (stored.leaseUntil !== undefined && Date.parse(stored.leaseUntil) > at) return 0;
    const holder = randomUUID();
    const job = await claim(id, holder);
    if (!job) return 0;
    try {
      return await handler.run({ ...job, id }, runOf(holder, options.until));
    } catch (error) {
      const failed = await noteFailure(id, holder).catch(() => null);
      if (failed) await handler.failed?.({ ...failed, id });
      throw error;
    } finally {
      await giveBack(id, holder);
    }
  }

  return {
    run,

    /**
     * A request's share of the job: one run of it in this process, which the request waits for
     * until `until` and no longer. The run is not cut short (a long step, such as reading every row,
     * ends before the next starts): what is left goes on after the answer. Answers the job as stored
     * then; an error within the request's time is the request's.
     */
    async inRequest<J extends StoredJob>(id: string, until: number): Promise<J | null> {
      let settled = false;
      const running = run(id).finally(() => {
        settled = true;
      });
      let timer: NodeJS.Timeout | undefined;
      const answer = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, until - Date.now()));
      });
      try {
        await Promise.race([running, answer]);
      } finally {
        clearTimeout(timer);
      }
      // Going on after the answer: its failure is reported (the scheduler takes the job up again).
      if (!settled) running.catch((error: unknown) => deps.onBackgroundError?.(error));
      return jobs.getJob<J>(id);
    },

    /**
     * The scheduler's pass (every minute): each job still writing whose lease has run out (or that
     * takes none) is run until `until`. Answers what the runs did, by kind.
     */
    async resume(options: { until?: number } = {}): Promise<Partial<Record<JobKind | 'release', number>>> {
      const done: Partial<Record<JobKind | 'release', number>> = {};
      for (const job of await jobs.writingJobs()) {
        if (options.until !== undefined && Date.now() >= options.until) break;
        const kind = job.kind ?? 'release';
        done[kind] = (done[kind] ?? 0) + (await run(job.id, options, job));
      }
      return done;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
