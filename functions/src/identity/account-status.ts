import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/**
 * What revokes a session, kept on the user record so the request path (which reads the record for
 * the role anyway) needs no identity-provider call: the account is disabled, or its sessions signed
 * in before a time were revoked (a password reset, "sign out everywhere"). Both fields are absent
 * while nothing is revoked. The portal writes them in the step that revokes at the provider; what
 * happens at the provider alone reaches the record through the scheduled sync
 * (account-status-sync.ts). An account deleted at the provider alone is recorded as disabled; one
 * deleted through the portal has no record (and a marker in `deleted-users`). docs/security.md.
 */
export type AccountStatusFields = {
  disabled?: true;
  /** Sessions signed in before this time (ISO 8601) are revoked. */
  sessionsValidAfter?: string;
};

/** An account's status as the identity provider has it. */
export interface AccountStatus {
  disabled: boolean;
  /** Null when no session was ever revoked (no later time than the account's creation). */
  sessionsValidAfter: string | null;
}

export const ACTIVE_ACCOUNT: AccountStatus = { disabled: false, sessionsValidAfter: null };

/** The record fields for a status: none for an active account. */
export function accountStatusFields(status: AccountStatus): AccountStatusFields {
  return {
    ...(status.disabled ? { disabled: true as const } : {}),
    ...(status.sessionsValidAfter !== null ? { sessionsValidAfter: status.sessionsValidAfter } : {}),
  };
}

/**
 * Whether the record refuses a session signed in at `authTimeSeconds` (whole seconds, the id
 * token's auth_time; a token without one counts as signed in at the epoch).
 */
export function sessionRevoked(record: AccountStatusFields, authTimeSeconds = 0): boolean {
  if (record.disabled === true) return true;
  return record.sessionsValidAfter !== undefined && authTimeSeconds * 1000 < Date.parse(record.sessionsValidAfter);
}

/**
 * Puts the status on the user's record, replacing what the record said of it (in a transaction, so
 * the fields of an active account are removed rather than kept as false or null). Answers false
 * when the user has no record. Every revocation the portal does at the provider calls this in the
 * same step.
 */
export async function recordAccountStatus(store: DocumentStore, uid: string, status: AccountStatus): Promise<boolean> {
  return store.transaction(async (tx) => {
    const record = await tx.get<AccountStatusFields & Record<string, unknown>>(COLLECTIONS.users, uid);
    if (!record) return false;
    const { disabled: _disabled, sessionsValidAfter: _validAfter, ...rest } = record;
    tx.set(COLLECTIONS.users, uid, { ...rest, ...accountStatusFields(status) });
    return true;
  });
}
