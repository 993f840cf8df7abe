import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import {
  createJobRunner,
  JOB_FAILED_MESSAGE,
  JOB_LEASE_MS,
  MAX_JOB_FAILURES,
  type JobHandler,
  type JobRun,
} from './job-runner';
import { createJobsRepository, jobId, type StoredJob } from './jobs.repository';
import { testSqliteStore } from '../testing/test-store';

/**
 * The job runner's rules (docs/architecture.md#long-work-as-jobs): one run at a time by its lease,
 * a run that died is taken over once its lease ran out, a job that waits for its time is left
 * alone until then, a job whose runs keep failing is failed, and what a request leaves goes on in
 * the process. job-scenarios.ts runs auto-assign and the files ZIP through them on both stores.
 */

const START = new Date('2026-03-01T12:00:00.000Z');
const ID = jobId('auto-assign', 'form-1');

let store: DocumentStore;
let clock: { now: Date };
beforeEach(async () => {
  store = testSqliteStore();
  clock = { now: START };
  await store.set(COLLECTIONS.jobs, ID, { kind: 'auto-assign', formId: 'form-1', state: 'writing', processed: 0 });
});
afterEach(() => store.close());

const stored = () => store.get<StoredJob>(COLLECTIONS.jobs, ID);

/** A job of `steps` steps, one stored per transaction while the run holds it. */
function counting(steps: number, options: { onStep?: () => Promise<void> } = {}): JobHandler {
  return {
    async run(job, run: JobRun) {
      let done = 0;
      while (run.hasTime()) {
        await options.onStep?.();
        const next = await createJobsRepository(store).transaction(async (tx) => {
          const current = await run.held(tx, job.id);
          if (!current) return null;
          const processed = (current.processed ?? 0) + 1;
          run.save(tx, job.id, { ...current, processed, ...(processed >= steps ? { state: 'done' } : {}) });
          return processed;
        });
        if (next === null) return done;
        done += 1;
        if (next >= steps) return done;
      }
      return done;
    },
  };
}

const runner = (handler: JobHandler) =>
  createJobRunner({ jobs: createJobsRepository(store), now: () => clock.now, handlers: { 'auto-assign': handler } });

it('runs a job to done, and gives its lease back', async () => {
  expect(await runner(counting(3)).run(ID)).toBe(3);
  const job = await stored();
  expect(job).toMatchObject({ state: 'done', processed: 3 });
  expect(job?.leaseHolder).toBeUndefined();
});

it('leaves a job whose lease is live to its holder, and takes it over once the lease ran out', async () => {
  await store.update(COLLECTIONS.jobs, ID, {
    leaseHolder: 'a run that died',
    leaseUntil: new Date(START.getTime() + JOB_LEASE_MS).toISOString(),
  });
  expect(await runner(counting(2)).resume()).toEqual({ 'auto-assign': 0 });
  expect(await stored()).toMatchObject({ state: 'writing', processed: 0 });
  clock.now = new Date(START.getTime() + JOB_LEASE_MS + 1);
  expect(await runner(counting(2)).resume()).toEqual({ 'auto-assign': 2 });
  expect(await stored()).toMatchObject({ state: 'done', processed: 2 });
});

it('lets one of two runs at once hold the job: the other does nothing', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const first = runner(counting(2, { onStep: () => gate })).run(ID);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await runner(counting(2)).run(ID)).toBe(0);
  release();
  expect(await first).toBe(2);
  expect(await stored()).toMatchObject({ state: 'done', processed: 2 });
});

it('stops a run that lost its lease to another run: its next step is not stored', async () => {
  const late = runner(
    counting(5, {
      onStep: async () => {
        // Its lease runs out and another run takes the job over meanwhile.
        const job = await stored();
        if (job?.processed === 1) {
          clock.now = new Date(clock.now.getTime() + JOB_LEASE_MS + 1);
          await store.update(COLLECTIONS.jobs, ID, {
            leaseHolder: 'another run',
            leaseUntil: new Date(clock.now.getTime() + JOB_LEASE_MS).toISOString(),
          });
        }
      },
    }),
  );
  expect(await late.run(ID)).toBe(1);
  expect(await stored()).toMatchObject({ processed: 1, leaseHolder: 'another run' });
});

it('leaves a job that waits for its time alone until then', async () => {
  await store.update(COLLECTIONS.jobs, ID, { notBefore: new Date(START.getTime() + 60_000).toISOString() });
  expect(await runner(counting(1)).resume()).toEqual({ 'auto-assign': 0 });
  clock.now = new Date(START.getTime() + 60_000);
  expect(await runner(counting(1)).resume()).toEqual({ 'auto-assign': 1 });
});

it('fails a job whose runs end on an error MAX_JOB_FAILURES times, and lets its handler clean up', async () => {
  const failed = jest.fn(async () => undefined);
  const broken: JobHandler = {
    run: () => Promise.reject(new Error('the file store is down')),
    failed,
  };
  for (let run = 1; run < MAX_JOB_FAILURES; run += 1) {
    await expect(runner(broken).run(ID)).rejects.toThrow('the file store is down');
    expect(await stored()).toMatchObject({ state: 'writing', failures: run });
  }
  expect(failed).not.toHaveBeenCalled();
  await expect(runner(broken).run(ID)).rejects.toThrow('the file store is down');
  expect(await stored()).toMatchObject({ state: 'failed', error: JOB_FAILED_MESSAGE });
  expect(failed).toHaveBeenCalledWith(expect.objectContaining({ id: ID, formId: 'form-1' }));
  expect(await runner(broken).run(ID)).toBe(0);
});

it('answers a request when its time is up, its run going on in the process after the answer', async () => {
  // Each step takes a moment (a store over the network): the request's time is up after the first.
  const steps = counting(3, { onStep: () => new Promise((resolve) => setTimeout(resolve, 30)) });
  const job = await runner(steps).inRequest(ID, Date.now() + 10);
  expect(job).toMatchObject({ state: 'writing' });
  expect(job!.processed).toBeLessThan(3);
  for (let tries = 0; (await stored())?.state !== 'done'; tries += 1) {
    expect(tries).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await stored()).toMatchObject({ state: 'done', processed: 3 });
});

it('answers a request with the error its run met within the request time', async () => {
  const refused: JobHandler = { run: () => Promise.reject(new Error('refused')) };
  await expect(runner(refused).inRequest(ID, Date.now() + 60_000)).rejects.toThrow('refused');
});
