import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/** One counter document per limiter, key and window. */
interface Counter {
  hits: number;
  /** When the window ends (ISO 8601). */
  resetAt: string;
}

const FALLBACK_WINDOW_MS = 60_000;

/**
 * express-rate-limit's counters in the document store, so that every API instance (Cloud
 * Functions scales out) and the local runtime count against the same numbers. Each hit is one
 * store transaction on the key's counter: concurrent hits on one key never lose a count. A fixed
 * window starts at a key's first hit; an expired counter is overwritten by the next hit.
 */
export function createDocumentRateLimitStore(
  store: DocumentStore,
  options: { prefix: string; now?: () => Date },
): Store {
  const { prefix, now = () => new Date() } = options;
  let windowMs = FALLBACK_WINDOW_MS;
  // Keys hold addresses (IPv6 colons, /56 suffixes) and user ids: hashed, they are always valid ids.
  const idOf = (key: string) => createHash('sha256').update(`${prefix}\n${key}`).digest('hex');
  const live = (counter: Counter | null, at: Date): counter is Counter =>
    counter !== null && Date.parse(counter.resetAt) > at.getTime();
  const info = (counter: Counter): ClientRateLimitInfo => ({
    totalHits: counter.hits,
    resetTime: new Date(counter.resetAt),
  });

  return {
    localKeys: false,
    prefix,
    init(limiterOptions: Options) {
      windowMs = limiterOptions.windowMs;
    },
    async get(key) {
      const counter = await store.get<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, idOf(key));
      return live(counter, now()) ? info(counter) : undefined;
    },
    increment(key) {
      return store.transaction(async (tx) => {
        const at = now();
        const current = await tx.get<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, idOf(key));
        const next: Counter = live(current, at)
          ? { hits: current.hits + 1, resetAt: current.resetAt }
          : { hits: 1, resetAt: new Date(at.getTime() + windowMs).toISOString() };
        tx.set(COLLECTIONS.rateLimits, idOf(key), { ...next });
        return info(next);
      });
    },
    async decrement(key) {
      await store.transaction(async (tx) => {
        const current = await tx.get<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, idOf(key));
        if (!live(current, now()) || current.hits <= 0) return;
        tx.set(COLLECTIONS.rateLimits, idOf(key), { hits: current.hits - 1, resetAt: current.resetAt });
      });
    },
    async resetKey(key) {
      await store.delete(COLLECTIONS.rateLimits, idOf(key));
    },
  };
}

/** How many counters one sweep deletes at most (the scheduled work runs every minute). */
const SWEEP_MAX_PAGES = 20;

/**
 * Deletes the counters whose window is over, oldest first, in pages: the next hit of their key
 * would start afresh anyway, and without this every address and account that ever called would
 * keep a document. Each page is one transaction that reads its counters again, so a counter a hit
 * renewed since the page was listed stays. Answers how many were deleted.
 */
export async function deleteExpiredRateLimits(
  store: DocumentStore,
  at: Date,
  options: { pageSize?: number } = {},
): Promise<number> {
  const pageSize = options.pageSize ?? 200;
  const expired = (counter: Counter | null): counter is Counter =>
    counter !== null && Date.parse(counter.resetAt) <= at.getTime();
  let deleted = 0;
  for (let page = 0; page < SWEEP_MAX_PAGES; page += 1) {
    const oldest = await store.query<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, {
      orderBy: { field: 'resetAt', direction: 'asc' },
      limit: pageSize,
    });
    const due = oldest.items.filter((item) => expired(item.data)).map((item) => item.id);
    if (due.length === 0) break;
    deleted += await store.transaction(async (tx) => {
      const still: string[] = [];
      for (const id of due) {
        if (expired(await tx.get<Counter & Record<string, unknown>>(COLLECTIONS.rateLimits, id))) still.push(id);
      }
      for (const id of still) tx.delete(COLLECTIONS.rateLimits, id);
      return still.length;
    });
    // Ordered by the end of the window: a page with a live counter has no expired one after it.
    if (due.length < oldest.items.length || oldest.nextCursor === null) break;
  }
  return deleted;
}
