import { DocumentExistsError, type DocumentStore } from './document-store';

/**
 * A lease: a document whose existence says "someone is doing this", taken with a create (which
 * fails at once when the document exists) and given back with a delete. One that was never given
 * back (a crash) stops counting at `expiresAt` and is then taken over in a transaction. Used for
 * one upload per question at a time (files/upload-lease.ts) and one run of each scheduled job at a
 * time (scheduler/run-alone.ts).
 */
interface LeaseDocument {
  /** When a holder that never finished stops holding the lease (ISO 8601). */
  expiresAt: string;
  [field: string]: unknown;
}

/** How often a claim tries again when the lease it found taken was released meanwhile. */
const CLAIM_ATTEMPTS = 3;

/** True when the lease was taken for `durationMs` from `at`; false while another holder has it. */
export async function claimLease(
  store: DocumentStore,
  lease: { collection: string; id: string },
  at: Date,
  durationMs: number,
): Promise<boolean> {
  const { collection, id } = lease;
  const document: LeaseDocument = { expiresAt: new Date(at.getTime() + durationMs).toISOString() };
  const live = (held: LeaseDocument | null) => held !== null && Date.parse(held.expiresAt) > at.getTime();
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    try {
      await store.create(collection, id, document);
      return true;
    } catch (error) {
      if (!(error instanceof DocumentExistsError)) throw error;
    }
    // Taken: a plain read, so a burst of refusals contends for nothing. Released meanwhile: create
    // again. Expired (a holder that never finished): taken over in a transaction.
    const held = await store.get<LeaseDocument>(collection, id);
    if (live(held)) return false;
    if (held === null) continue;
    return store.transaction(async (tx) => {
      if (live(await tx.get<LeaseDocument>(collection, id))) return false;
      tx.set(collection, id, document);
      return true;
    });
  }
  return false;
}

/** Gives the lease back: a plain delete. */
export async function releaseLease(store: DocumentStore, lease: { collection: string; id: string }): Promise<void> {
  await store.delete(lease.collection, lease.id);
}
