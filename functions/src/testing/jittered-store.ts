import { setTimeout as delay } from 'node:timers/promises';
import type { DocumentStore, StoreTransaction } from '../store/document-store';

/**
 * The store with a random pause (0 to `maxMs` ms) before every read, inside transactions too, so
 * that concurrent requests interleave in many orders: a race between two services shows up in a
 * few dozen runs instead of depending on the event loop's usual order.
 */
export function jitteredStore(store: DocumentStore, maxMs = 3): DocumentStore {
  const pause = () => delay(Math.random() * maxMs);
  const jitteredTx = (tx: StoreTransaction): StoreTransaction => ({
    get: async (collection, id) => {
      await pause();
      return tx.get(collection, id);
    },
    getDerived: async (collection, id, cache) => {
      await pause();
      return tx.getDerived(collection, id, cache);
    },
    count: async (collection, where) => {
      await pause();
      return tx.count(collection, where);
    },
    create: (collection, id, data) => tx.create(collection, id, data),
    set: (collection, id, data) => tx.set(collection, id, data),
    update: (collection, id, patch) => tx.update(collection, id, patch),
    delete: (collection, id) => tx.delete(collection, id),
  });
  return {
    ...store,
    get: async (collection, id) => {
      await pause();
      return store.get(collection, id);
    },
    getDerived: async (collection, id, cache) => {
      await pause();
      return store.getDerived(collection, id, cache);
    },
    query: async (collection, spec) => {
      await pause();
      return store.query(collection, spec);
    },
    count: async (collection, where) => {
      await pause();
      return store.count(collection, where);
    },
    create: (collection, id, data) => store.create(collection, id, data),
    set: (collection, id, data) => store.set(collection, id, data),
    update: (collection, id, patch) => store.update(collection, id, patch),
    delete: (collection, id) => store.delete(collection, id),
    batch: (operations) => store.batch(operations),
    transaction: (work) => store.transaction((tx) => work(jitteredTx(tx))),
    close: () => store.close(),
  };
}
