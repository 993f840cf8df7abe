import { LRUCache } from 'lru-cache';

/** Tokens whose verified claims one instance keeps (least recently used go first). */
export const MAX_VERIFIED_TOKENS = 10_000;

/**
 * A token's signature, audience and issuer are the same on every request that sends it: the
 * claims of a token that verified are kept, keyed by the token itself, until the token's `exp`,
 * so a session's later requests skip the signature check (RS256 in production, most of the
 * verification's time). Only successes are kept; a token without `exp` is verified each time.
 * Revocation is not cached here: the caller still checks the account's status on every request.
 */
export function cacheVerifiedTokens<C extends { exp?: number }>(
  decode: (token: string) => Promise<C>,
  options: { max?: number; now?: () => number } = {},
): (token: string) => Promise<C> {
  const now = options.now ?? Date.now;
  const verified = new LRUCache<string, C & { exp: number }>({ max: options.max ?? MAX_VERIFIED_TOKENS });
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (now() < known.exp * 1000) return known;
      verified.delete(token);
    }
    const claims = await decode(token);
    if (typeof claims.exp === 'number' && now() < claims.exp * 1000) verified.set(token, claims as C & { exp: number });
    return claims;
  };
}
