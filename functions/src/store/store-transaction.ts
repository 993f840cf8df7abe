import type { RawDocument } from './derived-cache';
import type { DocumentData, EqualityFilter, StoreTransaction, WriteOperation } from './document-store';
import { assertCollection, assertKey } from './store-keys';

/**
 * What every adapter's transaction handle shares: writes kept in order (prepared by the adapter),
 * reads only before the first write, and nothing once the attempt has finished.
 */
export function openTransactionHandle<W>(
  prepare: (operation: WriteOperation) => W,
  read: (collection: string, id: string) => Promise<RawDocument | null>,
  count: (collection: string, where: EqualityFilter[]) => Promise<number>,
) {
  const writes: W[] = [];
  let open = true;
  const assertOpen = () => {
    if (!open) throw new Error('The transaction has already finished');
  };
  const write = (operation: WriteOperation): void => {
    assertOpen();
    writes.push(prepare(operation));
  };
  const assertReadable = () => {
    assertOpen();
    if (writes.length > 0) throw new Error('Transaction reads must come before its writes');
  };
  const tx: StoreTransaction = {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      assertReadable();
      assertKey(collection, id);
      return ((await read(collection, id))?.decode() ?? null) as T | null;
    },
    async getDerived(collection, id, cache) {
      assertReadable();
      assertKey(collection, id);
      const raw = await read(collection, id);
      return raw ? cache.valueOf(collection, id, raw) : null;
    },
    async count(collection, where = []) {
      assertReadable();
      assertCollection(collection);
      return count(collection, where);
    },
    create: (collection, id, data) => write({ kind: 'create', collection, id, data }),
    set: (collection, id, data) => write({ kind: 'set', collection, id, data }),
    update: (collection, id, patch) => write({ kind: 'update', collection, id, patch }),
    delete: (collection, id) => write({ kind: 'delete', collection, id }),
  };
  return {
    tx,
    writes,
    finish: () => {
      open = false;
    },
  };
}
