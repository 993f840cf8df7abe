import type { ApplicationResponse } from '@portal/shared/domain';
import { completeResponse, createHarness, FORM_ID, type Harness } from '../testing/api-harness';
import { COLLECTIONS } from './collections';
import { countingStore, type CountingStore } from './counting-store';
import { DerivedCache } from './derived-cache';
import type { DocumentStore } from './document-store';
import { createSqliteStore } from './sqlite-store';

/** The counts the cost bench (bench/cost.ts) prices: each port call as Cloud Firestore bills it. */

const totals = (store: CountingStore) => {
  const { reads, writes, deletes } = store.counts();
  return { reads, writes, deletes };
};

describe('countingStore', () => {
  let store: CountingStore;
  beforeEach(() => {
    store = countingStore(createSqliteStore({ filename: ':memory:' }));
  });
  afterEach(() => store.close());

  it('counts a read per get, found or not, and a write or a delete per write', async () => {
    await store.create('items', 'a', { n: 1 });
    await store.set('items', 'b', { n: 2 });
    await store.update('items', 'a', { n: 3 });
    await store.delete('items', 'b');
    expect(await store.get('items', 'a')).toEqual({ n: 3 });
    expect(await store.get('items', 'missing')).toBeNull();
    await store.getDerived('items', 'a', new DerivedCache((data) => data));
    expect(totals(store)).toEqual({ reads: 3, writes: 3, deletes: 1 });
    expect(store.counts().byCollection).toEqual({ items: { reads: 3, writes: 3, deletes: 1 } });
  });

  it('counts the documents a query returns, the one past a page, at least one; a count per 1,000', async () => {
    await store.batch(
      Array.from({ length: 7 }, (_, n) => ({ kind: 'set' as const, collection: 'items', id: `i${n}`, data: { n } })),
    );
    expect(totals(store)).toEqual({ reads: 0, writes: 7, deletes: 0 });
    store.reset();
    const page = await store.query('items', { limit: 3 });
    expect(page.items).toHaveLength(3);
    expect(totals(store).reads).toBe(4);
    const last = await store.query('items', {
      limit: 3,
      after: (await store.query('items', { limit: 6 })).nextCursor!,
    });
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    expect(totals(store).reads).toBe(4 + 7 + 1);
    await store.query('items', { where: [{ field: 'n', value: 99 }] });
    expect(totals(store).reads).toBe(13);
    expect(await store.count('items')).toBe(7);
    expect(await store.count('items', [{ field: 'n', value: 99 }])).toBe(0);
    expect(totals(store).reads).toBe(15);
  });

  it("counts a transaction's reads in every attempt and its writes once, from the attempt that committed", async () => {
    await store.set('items', 'a', { n: 1 });
    store.reset();
    const inner = createSqliteStore({ filename: ':memory:' });
    await inner.set('items', 'a', { n: 1 });
    // A store whose transactions run their work twice, as a retry after a conflict does.
    const retrying: DocumentStore = {
      ...inner,
      async transaction(work) {
        await inner
          .transaction(async (tx) => {
            await work(tx);
            throw new Error('conflict');
          })
          .catch(() => undefined);
        return inner.transaction(work);
      },
    };
    const counted = countingStore(retrying);
    await counted.transaction(async (tx) => {
      await tx.get('items', 'a');
      await tx.count('items');
      tx.update('items', 'a', { n: 2 });
      tx.delete('items', 'b');
    });
    expect(totals(counted)).toEqual({ reads: 4, writes: 1, deletes: 1 });
    expect(await inner.get('items', 'a')).toEqual({ n: 2 });
    await inner.close();
  });

  it('measures one action on its own and keeps it in the running counts', async () => {
    await store.set('items', 'a', { n: 1 });
    const { result, counts } = await store.measure(() => store.get('items', 'a'));
    expect(result).toEqual({ n: 1 });
    expect(counts).toMatchObject({ reads: 1, writes: 0, deletes: 0 });
    expect(totals(store)).toEqual({ reads: 1, writes: 1, deletes: 0 });
  });
});

describe('an API action counted through the store it runs on', () => {
  let harness: Harness;
  let store: CountingStore;
  beforeEach(async () => {
    store = countingStore(createSqliteStore({ filename: ':memory:' }));
    harness = await createHarness({ store });
  });
  afterEach(() => harness.close());

  it('an autosave reads the response and its form and writes the response once', async () => {
    const started = await harness.as('ada').post('/responses', { formId: FORM_ID });
    const complete = await completeResponse(harness, started.body as ApplicationResponse);
    const { result, counts } = await store.measure(() =>
      harness.as('ada').put(`/application/save/${complete.id}`, complete),
    );
    expect(result.status).toBe(200);
    expect(counts.byCollection[COLLECTIONS.responses]).toEqual({ reads: 1, writes: 1, deletes: 0 });
    expect(counts.byCollection[COLLECTIONS.forms]).toEqual({ reads: 1, writes: 0, deletes: 0 });
    expect(counts.writes).toBe(1);
    expect(counts.reads).toBeGreaterThanOrEqual(2);
  });
});
