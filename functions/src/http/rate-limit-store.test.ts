import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import { createDocumentRateLimitStore, deleteExpiredRateLimits } from './rate-limit-store';
import { testSqliteStore } from '../testing/test-store';

const WINDOW_MS = 60_000;
let store: DocumentStore;
let clock: { now: number };

beforeEach(() => {
  store = testSqliteStore();
  clock = { now: Date.parse('2026-03-01T12:00:00.000Z') };
});
afterEach(() => store.close());

function limiterStore(prefix = 'auth') {
  const counters = createDocumentRateLimitStore(store, { prefix, now: () => new Date(clock.now) });
  counters.init?.({ windowMs: WINDOW_MS } as Parameters<NonNullable<typeof counters.init>>[0]);
  return counters;
}

describe('the rate-limit store over the document store', () => {
  it('counts hits per key within a window that starts at the first hit', async () => {
    const counters = limiterStore();
    expect(await counters.increment('ip:203.0.113.7')).toEqual({
      totalHits: 1,
      resetTime: new Date(clock.now + WINDOW_MS),
    });
    clock.now += 30_000;
    expect(await counters.increment('ip:203.0.113.7')).toEqual({
      totalHits: 2,
      resetTime: new Date(clock.now - 30_000 + WINDOW_MS),
    });
    expect((await counters.increment('ip:198.51.100.1')).totalHits).toBe(1);
    expect(await counters.get?.('ip:203.0.113.7')).toEqual({ totalHits: 2, resetTime: expect.any(Date) });
  });

  it('starts a new window once the old one is over', async () => {
    const counters = limiterStore();
    await counters.increment('user:ada');
    await counters.increment('user:ada');
    clock.now += WINDOW_MS;
    expect(await counters.get?.('user:ada')).toBeUndefined();
    expect(await counters.increment('user:ada')).toEqual({ totalHits: 1, resetTime: new Date(clock.now + WINDOW_MS) });
  });

  it('keeps the counts of two limiters apart by their prefix', async () => {
    await limiterStore('auth').increment('ip:127.0.0.1');
    expect((await limiterStore('uploads').increment('ip:127.0.0.1')).totalHits).toBe(1);
    expect((await limiterStore('auth').increment('ip:127.0.0.1')).totalHits).toBe(2);
  });

  it('loses no hit to concurrent increments (one transaction per hit)', async () => {
    const counters = limiterStore();
    const results = await Promise.all(Array.from({ length: 20 }, () => counters.increment('ip:::1')));
    expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('decrements and resets a key', async () => {
    const counters = limiterStore();
    await counters.increment('k');
    await counters.increment('k');
    await counters.decrement('k');
    expect((await counters.get?.('k'))?.totalHits).toBe(1);
    await counters.resetKey('k');
    expect(await counters.get?.('k')).toBeUndefined();
  });

  it('stores counters under ids safe for any key (IPv6, slashes), not the raw key', async () => {
    const counters = limiterStore();
    await counters.increment('ip:2001:db8::/56');
    const page = await store.query(COLLECTIONS.rateLimits);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('expired counters', () => {
  it('are deleted, and only they, so the collection does not grow without end', async () => {
    const counters = limiterStore();
    await counters.increment('ip:203.0.113.1');
    clock.now += 30_000;
    await counters.increment('ip:203.0.113.2');
    clock.now += 45_000;
    // The first window is over, the second is not.
    expect(await deleteExpiredRateLimits(store, new Date(clock.now))).toBe(1);
    expect((await store.query(COLLECTIONS.rateLimits)).items).toHaveLength(1);
    expect((await counters.get?.('ip:203.0.113.2'))?.totalHits).toBe(1);
  });

  it('go in pages, however many there are', async () => {
    const counters = limiterStore();
    for (let i = 0; i < 250; i += 1) await counters.increment(`ip:198.51.100.${i}`);
    clock.now += WINDOW_MS;
    expect(await deleteExpiredRateLimits(store, new Date(clock.now), { pageSize: 100 })).toBe(250);
    expect((await store.query(COLLECTIONS.rateLimits)).items).toEqual([]);
  });

  it('are swept by the scheduled work (every minute in production)', async () => {
    await limiterStore().increment('user:ada');
    clock.now += WINDOW_MS;
    const scheduler = createScheduler({ store, now: () => new Date(clock.now), mail: DEFAULT_MAIL_SETTINGS });
    expect(await scheduler.runOnce()).toMatchObject({ expiredRateLimits: 1 });
    expect((await store.query(COLLECTIONS.rateLimits)).items).toEqual([]);
  });
});
