import { createHash } from 'node:crypto';
import { COLLECTIONS } from '../store/collections';
import type { StoreTransaction } from '../store/document-store';

/**
 * A deleted user's id never gets a user record again. The identity provider forgets the account,
 * but an id token issued before the deletion verifies until it expires (up to an hour: tokens are
 * checked locally), and an account whose deletion at the provider failed stays for good; either
 * could otherwise create a fresh record under the old id. So the deletion leaves a marker that
 * record creation reads in its own transaction, and the identity middleware refuses the session of
 * an identity without a record whose id has one (identity/account-status.ts).
 *
 * The marker's id is a hash of the user id, and it holds nothing but the time: a deletion removes
 * every mention of the user, and the marker only has to answer "was this id deleted?".
 */
export interface DeletedUserMarker {
  deletedAt: string;
}

export const deletedUserMarkerId = (uid: string): string =>
  createHash('sha256').update(`deleted-user\n${uid}`).digest('hex');

/** Written in the deletion's own transaction, so the record and its marker never exist together. */
export function markUserDeleted(tx: Pick<StoreTransaction, 'set'>, uid: string, at: string): void {
  const marker: DeletedUserMarker = { deletedAt: at };
  tx.set(COLLECTIONS.deletedUsers, deletedUserMarkerId(uid), { ...marker });
}

/** Read inside the transaction that creates a record, so a concurrent deletion is serialised with it. */
export async function wasUserDeleted(tx: Pick<StoreTransaction, 'get'>, uid: string): Promise<boolean> {
  return (await tx.get(COLLECTIONS.deletedUsers, deletedUserMarkerId(uid))) !== null;
}

/** A user record was to be created under the id of a deleted user. */
export class DeletedUserError extends Error {
  constructor() {
    super('This user id belongs to a deleted user');
    this.name = 'DeletedUserError';
  }
}
