import type { ApplicationRow } from '@portal/shared/domain';
import type { JobHandler } from '../jobs/job-runner';
import { jobId, type StoredJob } from '../jobs/jobs.repository';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { indexRowsForSearch, rowsById } from './search-postings';

/**
 * A submit's rows go to the search's postings after its transaction (more postings than one commit
 * takes: search-postings.ts). So that a crash between the two never leaves them unsearchable, the
 * submit's transaction stores this job with the rows' ids; the submit's request writes the postings
 * and deletes the job, and a job still there (its request stopped) is the scheduler's at its next
 * minute (jobs/job-runner.ts `resume`, whose one query of writing jobs a minute it joins at no cost).
 * Writing postings again changes nothing, so the request and the scheduler may both run it.
 */
export interface SearchPostingsJob extends StoredJob {
  kind: 'search-postings';
  /** The rows to add to the postings, by id (read again when the job runs: as they are then). */
  rows: string[];
}

/** The job of a response's rows (one per response: a submit creates its rows once). */
export const searchPostingsJobId = (responseId: string): string => jobId('search-postings', responseId);

export function searchPostingsJob(formId: string, rows: readonly Pick<ApplicationRow, 'id'>[]): SearchPostingsJob {
  return { kind: 'search-postings', formId, state: 'writing', rows: rows.map((row) => row.id) };
}

/** Writes the rows' postings, then deletes the job (its document is of no use once done). */
export async function indexRowsAndFinish(
  store: DocumentStore,
  responseId: string,
  rows: readonly ApplicationRow[],
): Promise<void> {
  if (rows.length > 0) await indexRowsForSearch(store, rows);
  await store.batch([{ kind: 'delete', collection: COLLECTIONS.jobs, id: searchPostingsJobId(responseId) }]);
}

/** The scheduler's handler of the jobs a stopped submit left: its rows as stored now (an erased row is gone). */
export function searchPostingsJobs(store: DocumentStore): { 'search-postings': JobHandler } {
  return {
    'search-postings': {
      leased: false,
      async run(job) {
        const ids = Array.isArray(job.rows) ? job.rows.filter((id): id is string => typeof id === 'string') : [];
        const rows = await rowsById(store, ids);
        const responseId = job.id.slice(searchPostingsJobId('').length);
        await indexRowsAndFinish(store, responseId, rows);
        return rows.length;
      },
    },
  };
}
