import { randomUUID } from 'node:crypto';
import { JOB_MESSAGES, type AutoAssignJob, type AutoAssignPlanItem, type TeamRole } from '@portal/shared/domain';
import type { AuditActor } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { yieldToRequests, type JobHandler, type JobRun } from '../../jobs/job-runner';
import {
  jobId,
  jobPartId,
  type JobsRepository,
  type JobsTransaction,
  type StoredJob,
} from '../../jobs/jobs.repository';
import { STORE_LIMITS } from '../../store/store-limits';
import type { TransactionsOf } from '../reviews.repository';
import { loadWith } from '../staff-load';
import { assignInTransaction, type AssignTransaction } from './assignments.service';

/**
 * Auto-assign as a job (docs/architecture.md#long-work-as-jobs): the plan the director confirmed is
 * stored in parts of rows; parts are assigned several at once, each in a transaction of its own
 * that marks it done (so no part is assigned twice, and an assignment the row has already is
 * skipped); the staff loads the parts moved are then added in one transaction per wave, which
 * marks each part counted and stores the job's progress. A crash anywhere leaves a state the next
 * run goes on from.
 */

/**
 * Rows per part at most (one transaction each; a response's rows are never split): a row takes up
 * to 5 assignments (an assessment and an audit entry each), its own update and its response's
 * status; 25 rows and the part stay under Firestore's 500 writes per commit. The loads are not in
 * it: they are moved once per wave.
 */
export const AUTO_ASSIGN_ROWS_PER_PART = 25;
/** Parts assigned at once: they touch other rows, so their transactions do not wait for each other. */
export const AUTO_ASSIGN_PARTS_IN_FLIGHT = 4;

/** The job's document: the plan's run, its parts and how far they are assigned and counted. */
export interface AutoAssignJobDocument extends StoredJob {
  kind: 'auto-assign';
  runId: string;
  /** The plan's parts, and the first one not assigned and counted yet (every one before it is). */
  parts: number;
  nextPart: number;
  /** Rows of the plan, and those assigned. */
  total: number;
  processed: number;
  /** Reviews made. */
  created: number;
  /** When the director confirmed the plan: every assignment's time. */
  at: string;
  /** Who confirmed it, for the audit entries; dropped once the job is done. */
  actor?: AuditActor;
}

/** A part of the plan: its rows' assignments, and once assigned what it made for whom. */
interface PlanPart {
  [field: string]: unknown;
  items: { responseId: string; role: TeamRole; staffId: string }[];
  rows: number;
  done?: boolean;
  created?: number;
  /** Reviews it gave each staff member: what their loads move by. */
  perStaff?: Record<string, number>;
  /** Its reviews are counted in the loads and the job's progress. */
  counted?: boolean;
}

/** What the job reads and writes in its transactions. */
export type AutoAssignJobTransaction = AssignTransaction & JobsTransaction;

export const autoAssignJobId = (formId: string): string => jobId('auto-assign', formId);

/** What the API says of the job. */
export const autoAssignJobView = (job: AutoAssignJobDocument): AutoAssignJob => ({
  kind: 'auto-assign',
  state: job.state,
  processed: job.processed,
  total: job.total,
  created: job.created,
  ...(job.error ? { error: job.error } : {}),
});

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, at) => from + at);

/**
 * Stores the plan's assignments (grouped by row, in the plan's order) as a job of the form: its
 * parts, then the job. Refused while the form's last auto-assign is still writing.
 */
export async function storeAutoAssignJob(
  jobs: JobsRepository,
  input: { formId: string; plan: AutoAssignPlanItem[]; actor: AuditActor; at: string },
): Promise<string> {
  const id = autoAssignJobId(input.formId);
  // By response, then row: a response's rows go into one part, so two parts never write one response.
  const byResponse = new Map<string, Map<string, PlanPart['items']>>();
  for (const { responseId, role, staffId } of input.plan) {
    const rows = byResponse.get(responseId) ?? new Map<string, PlanPart['items']>();
    rows.set(role, [...(rows.get(role) ?? []), { responseId, role, staffId }]);
    byResponse.set(responseId, rows);
  }
  const runId = randomUUID();
  const chunks: PlanPart['items'][][] = [[]];
  for (const rows of byResponse.values()) {
    if (chunks.at(-1)!.length > 0 && chunks.at(-1)!.length + rows.size > AUTO_ASSIGN_ROWS_PER_PART) chunks.push([]);
    chunks.at(-1)!.push(...rows.values());
  }
  const parts = chunks.map((chunk, index) => ({
    id: jobPartId(runId, index),
    part: { items: chunk.flat(), rows: chunk.length } satisfies PlanPart,
  }));
  const total = parts.reduce((sum, { part }) => sum + part.rows, 0);
  if ((await jobs.getJob(id))?.state === 'writing') throw running();
  await jobs.setParts(parts);
  const { actor } = input;
  const job: AutoAssignJobDocument = {
    kind: 'auto-assign',
    formId: input.formId,
    state: 'writing',
    runId,
    parts: parts.length,
    nextPart: 0,
    total,
    processed: 0,
    created: 0,
    at: input.at,
    actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
  };
  await jobs.transaction(async (tx) => {
    if ((await tx.getJob(id))?.state === 'writing') throw running();
    tx.setJob(id, job);
  });
  return id;
}

const running = () => ApiError.because('job-running', JOB_MESSAGES.autoAssignRunning);

/** Runs auto-assign's jobs: waves of parts assigned at once, then counted. */
export function autoAssignJobHandler(deps: {
  reviews: TransactionsOf<AutoAssignJobTransaction>;
  jobs: JobsRepository;
}): JobHandler<AutoAssignJobDocument> {
  const { reviews, jobs } = deps;

  /** Assigns a part's rows in one transaction that marks it done; a part done already is left alone. */
  async function assignPart(job: AutoAssignJobDocument, index: number): Promise<void> {
    const id = jobPartId(job.runId, index);
    await reviews.transaction(async (tx) => {
      const part = await tx.getJobPart<PlanPart>(id);
      if (!part || part.done) return;
      const created = await assignInTransaction(
        tx,
        'review',
        part.items,
        job.at,
        job.actor!,
        randomUUID,
        undefined,
        'assignment.auto-created',
        undefined,
        { skipAssigned: true, deferLoads: true },
      );
      const perStaff: Record<string, number> = {};
      for (const { staffId } of created) perStaff[staffId] = (perStaff[staffId] ?? 0) + 1;
      tx.setJobPart(id, { ...part, done: true, created: created.length, perStaff } satisfies PlanPart);
    });
  }

  /**
   * Adds the reviews of the parts done and not counted yet to the staff loads, marks them counted
   * and moves the job past every part counted in order, in one transaction (while this run holds the
   * job). Answers the job as stored then; null when this run no longer holds it.
   */
  async function count(id: string, run: JobRun, indexes: number[]): Promise<AutoAssignJobDocument | null> {
    return reviews.transaction(async (tx) => {
      const job = await run.held<AutoAssignJobDocument>(tx, id);
      if (!job) return null;
      const parts = await Promise.all(indexes.map((index) => tx.getJobPart<PlanPart>(jobPartId(job.runId, index))));
      const fresh = parts.flatMap((part, at) => (part?.done && !part.counted ? [{ index: indexes[at]!, part }] : []));
      const added = new Map<string, number>();
      for (const { part } of fresh) {
        for (const [staffId, made] of Object.entries(part.perStaff ?? {})) {
          added.set(staffId, (added.get(staffId) ?? 0) + made);
        }
      }
      const loads = await Promise.all([...added.keys()].map((staffId) => tx.getLoad(job.formId, staffId)));
      for (const load of loads) tx.setLoad(loadWith(load, 'review', { assigned: added.get(load.staffId)! }));
      for (const { index, part } of fresh) tx.setJobPart(jobPartId(job.runId, index), { ...part, counted: true });
      const counted = new Set(parts.flatMap((part, at) => (part?.done ? [indexes[at]!] : [])));
      let nextPart = job.nextPart;
      while (nextPart < job.parts && counted.has(nextPart)) nextPart += 1;
      const sum = (field: 'rows' | 'created') => fresh.reduce((total, { part }) => total + (part[field] ?? 0), 0);
      const { actor: _actor, ...finished } = job;
      const next: AutoAssignJobDocument = {
        ...(nextPart >= job.parts ? { ...finished, state: 'done' } : job),
        nextPart,
        processed: job.processed + sum('rows'),
        created: job.created + sum('created'),
      };
      run.save(tx, id, next);
      return next;
    });
  }

  /** Counts the wave's parts: in one transaction, or part by part when their loads and parts exceed one commit. */
  async function countWave(id: string, run: JobRun, job: AutoAssignJobDocument, indexes: number[]) {
    const parts = await jobs.getParts<PlanPart>(indexes.map((index) => jobPartId(job.runId, index)));
    const staff = new Set(parts.flatMap((part) => Object.keys(part?.perStaff ?? {})));
    if (staff.size + indexes.length + 1 <= STORE_LIMITS.writesPerCommit) return count(id, run, indexes);
    let next: AutoAssignJobDocument | null = job;
    for (const index of indexes) if (next) next = await count(id, run, [index]);
    return next;
  }

  /** A refusal (a staff member no longer staff, the form released) ends the job with its message. */
  async function fail(id: string, run: JobRun, error: ApiError): Promise<void> {
    await reviews.transaction(async (tx) => {
      const job = await run.held<AutoAssignJobDocument>(tx, id);
      if (!job) return;
      const { actor: _actor, ...rest } = job;
      run.save(tx, id, { ...rest, state: 'failed', error: error.message });
    });
  }

  return {
    async run(stored, run) {
      const id = stored.id;
      let job = stored;
      let created = 0;
      const partIds = () => range(0, job.parts).map((index) => jobPartId(job.runId, index));
      while (job.state === 'writing' && run.hasTime()) {
        const wave = range(job.nextPart, Math.min(job.parts, job.nextPart + AUTO_ASSIGN_PARTS_IN_FLIGHT));
        const assigning: Promise<unknown>[] = [];
        for (const index of wave) {
          // Other requests' turn before each part: on a store that answers at once (SQLite) a part
          // runs to its commit before the next starts; on Firestore the wave's parts are all in flight.
          await yieldToRequests();
          const current = job;
          assigning.push(
            assignPart(current, index).then(
              () => null,
              (error: unknown) => error ?? new Error('failed'),
            ),
          );
        }
        const failure = (await Promise.all(assigning)).find((outcome) => outcome !== null);
        // What was assigned is counted even when another part of the wave failed.
        await yieldToRequests();
        const next = await countWave(id, run, job, wave);
        if (!next) return created;
        created += next.created - job.created;
        job = { ...next, id };
        if (failure) {
          if (failure instanceof ApiError) {
            await fail(id, run, failure);
            await jobs.deleteParts(partIds());
          }
          // Anything else (the store unreachable) leaves the job to the next run, from its progress.
          throw failure;
        }
      }
      // The plan is no longer needed once it is assigned: the audit log has every assignment.
      if (job.state === 'done') await jobs.deleteParts(partIds());
      return created;
    },
  };
}
