import { LRUCache } from 'lru-cache';

/**
 * Revocation without a call to the identity provider per request. An id token is verified locally;
 * what can revoke it later (a password reset, "sign out everywhere", a disabled or deleted account)
 * lives at the provider, so each user's account status is looked up there and kept here for at most
 * REVOCATION_CHECK_MS, and looked up again at once when a token shows a sign-in after the last look
 * (a password reset is followed by one). A revoked session therefore stops working within
 * REVOCATION_CHECK_MS on every server instance, and at once on an instance that sees a sign-in of
 * the account in a later second than its last look. Deleted users and role changes need no provider: routes read the user record each request.
 */
export const REVOCATION_CHECK_MS = 60_000;
/** Users whose status one instance keeps (least recently used go first). */
const MAX_USERS = 10_000;

export interface AccountStatus {
  /** False when the account no longer exists. */
  exists: boolean;
  disabled: boolean;
  /** Sessions signed in before this time (ms since the epoch) are revoked. */
  tokensValidAfterMs: number;
}

interface Checked extends AccountStatus {
  checkedAt: number;
}

export class SessionRevokedError extends Error {
  constructor(
    readonly code: 'auth/user-not-found' | 'auth/user-disabled' | 'auth/id-token-revoked',
    uid: string,
  ) {
    super(`The session of ${uid} is no longer valid (${code})`);
    this.name = 'SessionRevokedError';
  }
}

export interface AccountStatusCache {
  /** Rejects with SessionRevokedError when a session signed in at `authTimeSeconds` is revoked. */
  assertSessionValid(uid: string, authTimeSeconds: number): Promise<void>;
}

export function createAccountStatusCache(
  lookup: (uid: string) => Promise<AccountStatus>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): AccountStatusCache {
  const maxAgeMs = options.maxAgeMs ?? REVOCATION_CHECK_MS;
  const now = options.now ?? Date.now;
  // fetch() shares one lookup among the requests that arrive while it runs.
  const cache = new LRUCache<string, Checked>({
    max: MAX_USERS,
    fetchMethod: async (uid) => {
      const checkedAt = now();
      return { ...(await lookup(uid)), checkedAt };
    },
  });
  return {
    async assertSessionValid(uid, authTimeSeconds) {
      const known = cache.get(uid);
      // auth_time has whole seconds: a sign-in in a later second than the last look came after it.
      const stale =
        known !== undefined && (now() - known.checkedAt >= maxAgeMs || authTimeSeconds * 1000 > known.checkedAt);
      const status = await cache.fetch(uid, { forceRefresh: stale });
      if (!status) throw new Error(`No account status for ${uid}`);
      if (!status.exists) throw new SessionRevokedError('auth/user-not-found', uid);
      if (status.disabled) throw new SessionRevokedError('auth/user-disabled', uid);
      if (authTimeSeconds * 1000 < status.tokensValidAfterMs)
        throw new SessionRevokedError('auth/id-token-revoked', uid);
    },
  };
}
