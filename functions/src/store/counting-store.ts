import type { DocumentData, DocumentStore, QuerySpec, StoreTransaction, WriteOperation } from './document-store';

/**
 * The store with the documents it reads and writes counted as Cloud Firestore bills them, for the
 * benches and tests (what an action costs), never for production. Counted at the port, so SQLite
 * and Firestore count the same for the same calls:
 *
 * - a `get` or `getDerived` is one read, found or not;
 * - a `query` reads the documents it returns, plus one when a next page exists (the adapters read
 *   one document past the page to know), and at least one (Firestore bills an empty result);
 * - a `count` reads one per 1,000 documents counted (index entries), at least one;
 * - a `create`, `set` or `update` is one write, a `delete` one delete; a batch counts each;
 * - a transaction's reads count in every attempt (an attempt that is retried was billed), its
 *   writes only once, from the attempt that committed.
 */

export interface OperationCounts {
  reads: number;
  writes: number;
  deletes: number;
}

export interface StoreCounts extends OperationCounts {
  /** The same, per collection. */
  byCollection: Record<string, OperationCounts>;
}

export interface CountingStore extends DocumentStore {
  /** What was counted since the store was made or last `reset`. */
  counts(): StoreCounts;
  reset(): void;
  /** Counts `action`'s reads and writes on its own (nothing else may run on this store meanwhile). */
  measure<R>(action: () => Promise<R>): Promise<{ result: R; counts: StoreCounts }>;
}

/** Index entries a count aggregation reads per billed read. */
export const COUNT_ENTRIES_PER_READ = 1000;

const emptyCounts = (): OperationCounts => ({ reads: 0, writes: 0, deletes: 0 });

export function countingStore(store: DocumentStore): CountingStore {
  let byCollection = new Map<string, OperationCounts>();
  const add = (collection: string, kind: keyof OperationCounts, amount = 1) => {
    let entry = byCollection.get(collection);
    if (!entry) byCollection.set(collection, (entry = emptyCounts()));
    entry[kind] += amount;
  };
  const addWrite = (operation: Pick<WriteOperation, 'kind' | 'collection'>) =>
    add(operation.collection, operation.kind === 'delete' ? 'deletes' : 'writes');
  const countReads = (collection: string, documents: number) => add(collection, 'reads', Math.max(1, documents));
  const counts = (): StoreCounts => {
    const total = emptyCounts();
    const collections: Record<string, OperationCounts> = {};
    for (const [collection, entry] of [...byCollection].sort(([a], [b]) => a.localeCompare(b))) {
      collections[collection] = { ...entry };
      total.reads += entry.reads;
      total.writes += entry.writes;
      total.deletes += entry.deletes;
    }
    return { ...total, byCollection: collections };
  };

  /** One attempt of a transaction: its reads counted at once, its writes kept in `writes` until it commits. */
  const countingTx = (tx: StoreTransaction, writes: Pick<WriteOperation, 'kind' | 'collection'>[]) => {
    const counted: StoreTransaction = {
      get: async (collection, id) => {
        add(collection, 'reads');
        return tx.get(collection, id);
      },
      getDerived: async (collection, id, cache) => {
        add(collection, 'reads');
        return tx.getDerived(collection, id, cache);
      },
      count: async (collection, where) => {
        const found = await tx.count(collection, where);
        countReads(collection, Math.ceil(found / COUNT_ENTRIES_PER_READ));
        return found;
      },
      create: (collection, id, data) => {
        tx.create(collection, id, data);
        writes.push({ kind: 'create', collection });
      },
      set: (collection, id, data) => {
        tx.set(collection, id, data);
        writes.push({ kind: 'set', collection });
      },
      update: (collection, id, patch) => {
        tx.update(collection, id, patch);
        writes.push({ kind: 'update', collection });
      },
      delete: (collection, id) => {
        tx.delete(collection, id);
        writes.push({ kind: 'delete', collection });
      },
    };
    return counted;
  };

  const counting: CountingStore = {
    async get<T extends DocumentData>(collection: string, id: string) {
      add(collection, 'reads');
      return store.get<T>(collection, id);
    },
    async getAll<T extends DocumentData>(collection: string, ids: readonly string[], fields?: readonly string[]) {
      add(collection, 'reads', ids.length);
      return store.getAll<T>(collection, ids, fields);
    },
    async getDerived(collection, id, cache) {
      add(collection, 'reads');
      return store.getDerived(collection, id, cache);
    },
    async create(collection, id, data) {
      await store.create(collection, id, data);
      addWrite({ kind: 'create', collection });
    },
    async set(collection, id, data) {
      await store.set(collection, id, data);
      addWrite({ kind: 'set', collection });
    },
    async update(collection, id, patch) {
      await store.update(collection, id, patch);
      addWrite({ kind: 'update', collection });
    },
    async delete(collection, id) {
      await store.delete(collection, id);
      addWrite({ kind: 'delete', collection });
    },
    async query<T extends DocumentData>(collection: string, spec?: QuerySpec) {
      const page = await store.query<T>(collection, spec);
      countReads(collection, page.items.length + (page.nextCursor ? 1 : 0));
      return page;
    },
    async count(collection, where) {
      const found = await store.count(collection, where);
      countReads(collection, Math.ceil(found / COUNT_ENTRIES_PER_READ));
      return found;
    },
    async batch(operations) {
      await store.batch(operations);
      for (const operation of operations) addWrite(operation);
    },
    async transaction(work) {
      // Only the attempt that committed (the last) wrote anything.
      let writes: Pick<WriteOperation, 'kind' | 'collection'>[] = [];
      const result = await store.transaction((tx) => {
        writes = [];
        return work(countingTx(tx, writes));
      });
      writes.forEach(addWrite);
      return result;
    },
    close: () => store.close(),
    counts,
    reset() {
      byCollection = new Map();
    },
    async measure(action) {
      const before = byCollection;
      byCollection = new Map();
      try {
        const result = await action();
        return { result, counts: counts() };
      } finally {
        // The counts since `reset` keep what the action did.
        for (const [collection, entry] of byCollection) {
          const kept = before.get(collection) ?? emptyCounts();
          kept.reads += entry.reads;
          kept.writes += entry.writes;
          kept.deletes += entry.deletes;
          before.set(collection, kept);
        }
        byCollection = before;
      }
    },
  };
  return counting;
}
