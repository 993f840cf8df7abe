import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { claimLease, releaseLease } from '../store/lease';

/** The jobs that run on a timer, each at most once at a time across every instance. */
export type ScheduledJob = 'scheduled-work' | 'outbox-sender' | 'account-sync';

/**
 * Runs `work` unless another run of `job` holds its lease: scheduled runs never overlap, even when
 * one outlasts the minute between two (a large release) or the platform starts two at once. The
 * lease lasts `maxMs`, the run's own time limit, so a run that crashed holds nothing once it would
 * have been stopped anyway; a finished or failed run gives it back at once.
 */
export async function runAlone<T>(
  store: DocumentStore,
  job: ScheduledJob,
  options: { now: Date; maxMs: number },
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const lease = { collection: COLLECTIONS.runLeases, id: job };
  if (!(await claimLease(store, lease, options.now, options.maxMs))) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await releaseLease(store, lease);
  }
}
