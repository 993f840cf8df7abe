import type { IdentityAdmin } from '../identity/identity-admin';

/**
 * The identity admin, calling `changed` after every call that may have changed an account (also
 * after a failed one: a batch delete may have done part of its work), and answering only once
 * `changed` has finished. The local runtime saves the Auth emulator's accounts there.
 */
export function afterIdentityChanges(admin: IdentityAdmin, changed: () => Promise<void>): IdentityAdmin {
  const changing =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args);
      } finally {
        await changed();
      }
    };
  return {
    ensureAccount: changing(admin.ensureAccount),
    createAccount: changing(admin.createAccount),
    deleteAccount: changing(admin.deleteAccount),
    deleteAccounts: changing(admin.deleteAccounts),
    updateAccount: changing(admin.updateAccount),
    getAccount: (uid) => admin.getAccount(uid),
    listAccounts: (options) => admin.listAccounts(options),
  };
}
