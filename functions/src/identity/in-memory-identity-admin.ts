import { randomUUID } from 'node:crypto';
import { IdentityConflictError, type AccountSpec, type IdentityAdmin } from './identity-admin';

export type InMemoryIdentityAdmin = IdentityAdmin & {
  /** The accounts by uid; tests read and arrange them directly. */
  accounts: Map<string, AccountSpec>;
};

/** An identity provider in a Map, for tests that need no Auth emulator. Emails are unique, as in Firebase. */
export function createInMemoryIdentityAdmin(): InMemoryIdentityAdmin {
  const accounts = new Map<string, AccountSpec>();
  const emailTaken = (email: string, exceptUid?: string) =>
    [...accounts.values()].some((account) => account.email === email && account.uid !== exceptUid);
  return {
    accounts,
    async ensureAccount(spec) {
      if (accounts.has(spec.uid)) return 'existed';
      if (emailTaken(spec.email)) throw new IdentityConflictError(spec.email);
      accounts.set(spec.uid, { ...spec });
      return 'created';
    },
    async createAccount({ email, password, displayName }) {
      if (emailTaken(email)) throw new IdentityConflictError(email);
      const uid = randomUUID().replaceAll('-', '');
      accounts.set(uid, { uid, email, password, displayName, emailVerified: false });
      return { uid };
    },
    async deleteAccount(uid) {
      accounts.delete(uid);
    },
    async deleteAccounts(uids) {
      for (const uid of uids) accounts.delete(uid);
      return { failed: [] };
    },
    async updateAccount(uid, changes) {
      const account = accounts.get(uid);
      if (!account) throw new Error(`No identity account ${uid}`);
      if (changes.email !== undefined && emailTaken(changes.email, uid)) throw new IdentityConflictError(changes.email);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      accounts.set(uid, { ...account, ...defined });
    },
    async getAccount(uid) {
      const account = accounts.get(uid);
      return account ? { uid, email: account.email, emailVerified: account.emailVerified } : null;
    },
  };
}
