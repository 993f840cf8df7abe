import { createHash } from 'node:crypto';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { claimLease, releaseLease } from '../store/lease';

/**
 * One upload at a time per question. Concurrent uploads to one question (a double click, a script)
 * would otherwise all contend for the same records in their transactions, which the store resolves
 * by retrying with growing pauses (tens of seconds for a burst of 30 on Firestore). A lease taken
 * with a create, which fails at once when the document exists, lets the first upload through and
 * refuses the others before they store anything (store/lease.ts). The record's own transaction
 * still guarantees one file per question if a lease ever runs out during an upload.
 */
export interface UploadLease {
  id: string;
}

/** Far longer than an upload takes (the body is already read; storing it takes seconds at most). */
export const UPLOAD_LEASE_MS = 5 * 60_000;

/** Under a hash: the lease names neither the response nor the question, only that one is busy. */
const leaseId = (responseId: string, questionId: string) =>
  createHash('sha256').update(`upload\n${responseId}\n${questionId}`).digest('hex');

/** The question's lease, or null while another upload holds it. */
export async function claimUpload(
  store: DocumentStore,
  target: { responseId: string; questionId: string },
  at: Date,
): Promise<UploadLease | null> {
  const id = leaseId(target.responseId, target.questionId);
  return (await claimLease(store, { collection: COLLECTIONS.uploadLeases, id }, at, UPLOAD_LEASE_MS)) ? { id } : null;
}

/**
 * Frees the question. A plain delete: were the lease ever taken over after running out, freeing
 * it early would only let a concurrent upload through, and the record's transaction keeps that
 * one file per question too.
 */
export async function releaseUpload(store: DocumentStore, lease: UploadLease): Promise<void> {
  await releaseLease(store, { collection: COLLECTIONS.uploadLeases, id: lease.id });
}
