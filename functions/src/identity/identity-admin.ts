import type { AccountStatus } from './account-status';

export interface AccountSpec {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  emailVerified: boolean;
}

export interface NewAccount {
  email: string;
  password: string;
  displayName: string;
}

export interface AccountChanges {
  email?: string;
  displayName?: string;
  emailVerified?: boolean;
}

/** One account of a listing: its uid and what of its status revokes sessions. */
export interface ListedAccount extends AccountStatus {
  uid: string;
}

export interface AccountPage {
  /** In ascending order of uid (as Firebase Auth lists them). */
  accounts: ListedAccount[];
  /** Absent on the last page. */
  nextPageToken?: string;
}

/** Firebase Auth's page size limit for listing accounts. */
export const LIST_ACCOUNTS_MAX = 1000;

/** An account as `getAccount` reads it, with what of its status revokes sessions. */
export interface AccountInfo extends AccountStatus {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/** Managing identity accounts (the server side of sign-up, demo accounts, deletion). */
export interface IdentityAdmin {
  /** Creates the account if no account has this uid; leaves an existing one as it is. */
  ensureAccount(spec: AccountSpec): Promise<'created' | 'existed'>;
  /** Fails with `IdentityConflictError` if another account has the email. */
  createAccount(account: NewAccount): Promise<{ uid: string }>;
  /** Deleting a missing account is not an error. */
  deleteAccount(uid: string): Promise<void>;
  /**
   * Deletes many accounts (missing ones count as deleted); answers the uids that could not be
   * deleted instead of failing on the first.
   */
  deleteAccounts(uids: readonly string[]): Promise<{ failed: string[] }>;
  /** Fails with `IdentityConflictError` if another account has the new email. */
  updateAccount(uid: string, changes: AccountChanges): Promise<void>;
  getAccount(uid: string): Promise<AccountInfo | null>;
  /**
   * One page of every account, `maxResults` (at most LIST_ACCOUNTS_MAX, the default) long, from
   * `pageToken` (a previous page's `nextPageToken`; absent: the first page).
   */
  listAccounts(options?: { pageToken?: string; maxResults?: number }): Promise<AccountPage>;
}

export class IdentityConflictError extends Error {
  constructor(readonly email: string) {
    super(`An identity account with the email ${email} already exists`);
    this.name = 'IdentityConflictError';
  }
}
