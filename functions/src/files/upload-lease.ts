import { createHash } from 'node:crypto';
import { COLLECTIONS } from '../store/collections';
import { DocumentExistsError, type DocumentStore } from '../store/document-store';

/**
 * One upload at a time per question. Concurrent uploads to one question (a double click, a script)
 * would otherwise all contend for the same records in their transactions, which the store resolves
 * by retrying with growing pauses (tens of seconds for a burst of 30 on Firestore). A lease taken
 * with a create, which fails at once when the document exists, lets the first upload through and
 * refuses the others before they store anything. The record's own transaction still guarantees one
 * file per question if a lease ever runs out during an upload.
 */
interface LeaseDocument {
  /** When an upload that never finished (a crash) stops holding the question (ISO 8601). */
  expiresAt: string;
  [field: string]: unknown;
}

export interface UploadLease {
  id: string;
}

/** Far longer than an upload takes (the body is already read; storing it takes seconds at most). */
export const UPLOAD_LEASE_MS = 5 * 60_000;

/** Under a hash: the lease names neither the response nor the question, only that one is busy. */
const leaseId = (responseId: string, questionId: string) =>
  createHash('sha256').update(`upload\n${responseId}\n${questionId}`).digest('hex');

/** How often a claim tries again when the lease it found taken was released meanwhile. */
const CLAIM_ATTEMPTS = 3;

/** The question's lease, or null while another upload holds it. */
export async function claimUpload(
  store: DocumentStore,
  target: { responseId: string; questionId: string },
  at: Date,
): Promise<UploadLease | null> {
  const id = leaseId(target.responseId, target.questionId);
  const lease: LeaseDocument = { expiresAt: new Date(at.getTime() + UPLOAD_LEASE_MS).toISOString() };
  const live = (held: LeaseDocument | null) => held !== null && Date.parse(held.expiresAt) > at.getTime();
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    try {
      await store.create(COLLECTIONS.uploadLeases, id, lease);
      return { id };
    } catch (error) {
      if (!(error instanceof DocumentExistsError)) throw error;
    }
    // Taken: a plain read, so a burst of refusals contends for nothing. Released meanwhile: create
    // again. Expired (an upload that never finished): taken over in a transaction.
    const held = await store.get<LeaseDocument>(COLLECTIONS.uploadLeases, id);
    if (live(held)) return null;
    if (held === null) continue;
    const taken = await store.transaction(async (tx) => {
      if (live(await tx.get<LeaseDocument>(COLLECTIONS.uploadLeases, id))) return false;
      tx.set(COLLECTIONS.uploadLeases, id, lease);
      return true;
    });
    return taken ? { id } : null;
  }
  return null;
}

/**
 * Frees the question. A plain delete: were the lease ever taken over after running out, freeing
 * it early would only let a concurrent upload through, and the record's transaction keeps that
 * one file per question too.
 */
export async function releaseUpload(store: DocumentStore, lease: UploadLease): Promise<void> {
  await store.delete(COLLECTIONS.uploadLeases, lease.id);
}
