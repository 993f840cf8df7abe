import { randomUUID } from 'node:crypto';
import {
  IdentityConflictError,
  LIST_ACCOUNTS_MAX,
  type AccountSpec,
  type IdentityAdmin,
  type ListedAccount,
} from './identity-admin';

/** An account as the in-memory provider keeps it: what was given, and what revokes its sessions. */
export interface InMemoryAccount extends AccountSpec {
  disabled?: boolean;
  /** When the provider last revoked the account's sessions (ms since the epoch); absent: never. */
  tokensValidAfterMs?: number;
}

export type InMemoryIdentityAdmin = IdentityAdmin & {
  /** The accounts by uid; tests read and arrange them directly. */
  accounts: Map<string, InMemoryAccount>;
  /** How many calls the provider has answered, by method (a test of who calls it). */
  calls: Map<string, number>;
  /** As an operator in the provider's console does. */
  setDisabled(uid: string, disabled: boolean): void;
  /** As the provider's own password reset or `revokeRefreshTokens` does: sessions from before `atMs` end. */
  revokeSessions(uid: string, atMs: number): void;
};

const statusOf = ({ uid, disabled = false, tokensValidAfterMs }: InMemoryAccount): ListedAccount => ({
  uid,
  disabled,
  sessionsValidAfter: tokensValidAfterMs === undefined ? null : new Date(tokensValidAfterMs).toISOString(),
});

/** An identity provider in a Map, for tests that need no Auth emulator. Emails are unique, as in Firebase. */
export function createInMemoryIdentityAdmin(): InMemoryIdentityAdmin {
  const accounts = new Map<string, InMemoryAccount>();
  const calls = new Map<string, number>();
  const count = (method: string) => calls.set(method, (calls.get(method) ?? 0) + 1);
  const existing = (uid: string) => {
    const account = accounts.get(uid);
    if (!account) throw new Error(`No identity account ${uid}`);
    return account;
  };
  const emailTaken = (email: string, exceptUid?: string) =>
    [...accounts.values()].some((account) => account.email === email && account.uid !== exceptUid);
  return {
    accounts,
    calls,
    setDisabled(uid, disabled) {
      existing(uid).disabled = disabled;
    },
    revokeSessions(uid, atMs) {
      // Firebase keeps the time in whole seconds.
      existing(uid).tokensValidAfterMs = Math.floor(atMs / 1000) * 1000;
    },
    async ensureAccount(spec) {
      count('ensureAccount');
      if (accounts.has(spec.uid)) return 'existed';
      if (emailTaken(spec.email)) throw new IdentityConflictError(spec.email);
      accounts.set(spec.uid, { ...spec });
      return 'created';
    },
    async createAccount({ email, password, displayName }) {
      count('createAccount');
      if (emailTaken(email)) throw new IdentityConflictError(email);
      const uid = randomUUID().replaceAll('-', '');
      accounts.set(uid, { uid, email, password, displayName, emailVerified: false });
      return { uid };
    },
    async deleteAccount(uid) {
      count('deleteAccount');
      accounts.delete(uid);
    },
    async deleteAccounts(uids) {
      count('deleteAccounts');
      for (const uid of uids) accounts.delete(uid);
      return { failed: [] };
    },
    async updateAccount(uid, changes) {
      count('updateAccount');
      const account = existing(uid);
      if (changes.email !== undefined && emailTaken(changes.email, uid)) throw new IdentityConflictError(changes.email);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      accounts.set(uid, { ...account, ...defined });
    },
    async getAccount(uid) {
      count('getAccount');
      const account = accounts.get(uid);
      return account ? { ...statusOf(account), email: account.email, emailVerified: account.emailVerified } : null;
    },
    async listAccounts({ pageToken, maxResults = LIST_ACCOUNTS_MAX } = {}) {
      count('listAccounts');
      // As Firebase: in ascending order of uid, the next page starting after the last uid of this one.
      const uids = [...accounts.keys()].sort().filter((uid) => pageToken === undefined || uid > pageToken);
      const page = uids.slice(0, maxResults).map((uid) => statusOf(accounts.get(uid)!));
      return {
        accounts: page,
        ...(uids.length > maxResults ? { nextPageToken: page[page.length - 1]!.uid } : {}),
      };
    },
  };
}
