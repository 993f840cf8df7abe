import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import type { RawDocument } from './derived-cache';
import {
  TransactionContentionError,
  type DocumentData,
  type DocumentStore,
  type QueryPage,
  type QuerySpec,
  type StoreTransaction,
  type WriteOperation,
} from './document-store';
import { applyFilters, buildQuery, encodeCursor } from './firestore-query';
import {
  ABORTED,
  applyWrite,
  assertUpdatesFit,
  existenceToRead,
  grpcCode,
  isClosedTransaction,
  keyOf,
  mapCommitError,
  prepareWrite,
  readAndCheckWrites,
  type PreparedWrite,
} from './firestore-writes';
import { assertIndexed, type CompositeIndex, type IndexedQuery } from './firestore-indexes';
import { assertCollection, assertKey, assertTopLevelFields } from './store-keys';
import { assertCommitFits } from './store-limits';
import { openTransactionHandle } from './store-transaction';

/**
 * The production adapter of the storage port: Cloud Firestore through firebase-admin.
 *
 * - Data is copied through JSON on the way in (as the SQLite adapter stores it), so Firestore
 *   only ever holds JSON values and reads give back plain objects.
 * - Results are ordered by the requested field, then by document id in the same direction;
 *   without an order, by document id. Cursors are base64url JSON of the last document's ordered
 *   value and id, fed to `startAfter`.
 * - `update` writes each top-level key as a `FieldPath`, so a key holding a dot is not read as a
 *   nested path and nested maps are replaced, not merged (shallow merge).
 */

const MAX_ATTEMPTS = 10;
/** How many times a transaction the emulator dropped (isClosedTransaction) runs again from the start. */
const CLOSED_RUNS = 3;

/** A transaction that met others' changes through all its attempts, or one the emulator kept dropping. */
const isContention = (error: unknown) => grpcCode(error) === ABORTED || isClosedTransaction(error);

/**
 * `db.runTransaction`, run again from the start when the emulator dropped the transaction
 * (firebase-admin retries ABORTED itself, not this); after CLOSED_RUNS such runs, the last error.
 */
async function runTransaction<R>(db: Firestore, work: (fsTx: Transaction) => Promise<R>): Promise<R> {
  for (let run = 1; ; run++) {
    try {
      return await db.runTransaction(work, { maxAttempts: MAX_ATTEMPTS });
    } catch (error) {
      if (!isClosedTransaction(error) || run >= CLOSED_RUNS) throw error;
    }
  }
}

export interface FirestoreStoreOptions {
  /**
   * The composite indexes production has (firestore.indexes.json). Given under the emulator, which
   * serves any query: a query whose index is missing is refused, as production Firestore refuses it.
   */
  indexes?: readonly CompositeIndex[];
}

export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): DocumentStore {
  const checkIndex = (query: IndexedQuery) => {
    if (options.indexes) assertIndexed(query, options.indexes);
  };
  const ref = (collection: string, id: string): DocumentReference => db.collection(collection).doc(id);

  /** Runs writes as one commit; one that needs existence reads (existenceToRead) runs as a transaction. */
  const commit = async (writes: PreparedWrite[]): Promise<void> => {
    if (writes.length === 0) return;
    // Larger commits are refused rather than split: they would not be atomic.
    assertCommitFits(writes.map((write) => write.bytes));
    try {
      if (existenceToRead(writes).length > 0) {
        await runTransaction(db, async (fsTx) => {
          await readAndCheckWrites(fsTx, ref, writes, new Map());
          for (const write of writes) applyWrite(fsTx, ref, write);
        });
        return;
      }
      const batch = db.batch();
      for (const write of writes) applyWrite(batch, ref, write);
      await batch.commit();
    } catch (error) {
      if (isContention(error)) throw new TransactionContentionError(MAX_ATTEMPTS);
      throw mapCommitError(error, writes);
    }
  };

  return {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      assertKey(collection, id);
      const snapshot = await ref(collection, id).get();
      return snapshot.exists ? (snapshot.data() as T) : null;
    },
    async getAll<T extends DocumentData>(collection: string, ids: readonly string[], fields?: readonly string[]) {
      for (const id of ids) assertKey(collection, id);
      if (fields) assertTopLevelFields(fields);
      if (ids.length === 0) return [];
      const refs = ids.map((id) => ref(collection, id));
      const snapshots = await (fields ? db.getAll(...refs, { fieldMask: [...fields] }) : db.getAll(...refs));
      return snapshots.map((snapshot) => (snapshot.exists ? (snapshot.data() as T) : null));
    },
    async getDerived(collection, id, cache) {
      assertKey(collection, id);
      const raw = rawDocument(await ref(collection, id).get());
      return raw ? cache.valueOf(collection, id, raw) : null;
    },
    async create(collection, id, data) {
      await commit([prepareWrite({ kind: 'create', collection, id, data })]);
    },
    async set(collection, id, data) {
      await commit([prepareWrite({ kind: 'set', collection, id, data })]);
    },
    async update(collection, id, patch) {
      await commit([prepareWrite({ kind: 'update', collection, id, patch })]);
    },
    async delete(collection, id) {
      await commit([prepareWrite({ kind: 'delete', collection, id })]);
    },
    async query<T extends DocumentData>(collection: string, spec: QuerySpec = {}): Promise<QueryPage<T>> {
      assertCollection(collection);
      const { query, orderPath } = buildQuery(db, collection, spec);
      checkIndex({ collection, where: spec.where ?? [], orderBy: spec.orderBy });
      const snapshot = await query.get();
      const docs = snapshot.docs;
      const limit = spec.limit;
      const hasMore = limit !== undefined && docs.length > limit;
      const pageDocs = hasMore ? docs.slice(0, limit) : docs;
      const last = pageDocs[pageDocs.length - 1];
      return {
        items: pageDocs.map((doc) => ({ id: doc.id, data: doc.data() as T })),
        nextCursor:
          hasMore && last
            ? encodeCursor(orderPath ? { id: last.id, v: last.get(orderPath) as unknown } : { id: last.id })
            : null,
      };
    },
    async count(collection, where = []) {
      assertCollection(collection);
      const filtered = applyFilters(db.collection(collection), where);
      checkIndex({ collection, where });
      const snapshot = await filtered.count().get();
      return snapshot.data().count;
    },
    async batch(operations: WriteOperation[]) {
      if (!Array.isArray(operations)) throw new TypeError('A batch takes an array of write operations');
      await commit(operations.map(prepareWrite));
    },
    async transaction<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
      let attempts = 0;
      let writes: PreparedWrite[] = [];
      try {
        return await runTransaction(db, async (fsTx) => {
          attempts++;
          const attempt = openTransaction(fsTx, ref, db, checkIndex);
          writes = attempt.writes;
          let result: R;
          try {
            result = await work(attempt.tx);
          } finally {
            attempt.finish();
          }
          assertCommitFits(writes.map((write) => write.bytes));
          assertUpdatesFit(writes, attempt.readData);
          // Firestore's own rule is the same as ours: every read of the attempt happens before its first write.
          await readAndCheckWrites(fsTx, ref, writes, attempt.existence);
          for (const write of writes) applyWrite(fsTx, ref, write);
          return result;
        });
      } catch (error) {
        if (isContention(error)) throw new TransactionContentionError(attempts);
        throw mapCommitError(error, writes);
      }
    },
    async close() {
      await db.terminate();
    },
  };
}

function openTransaction(
  fsTx: Transaction,
  ref: (collection: string, id: string) => DocumentReference,
  db: Firestore,
  checkIndex: (query: IndexedQuery) => void,
) {
  /** Whether each document read existed: spares a second read when an empty-patch update needs to know. */
  const existence = new Map<string, boolean>();
  /** What each document read held: an update of it can be sized before commit. */
  const readData = new Map<string, DocumentData>();
  const handle = openTransactionHandle(
    prepareWrite,
    async (collection, id) => {
      const snapshot = await fsTx.get(ref(collection, id));
      existence.set(keyOf(collection, id), snapshot.exists);
      if (snapshot.exists) readData.set(keyOf(collection, id), snapshot.data()!);
      return rawDocument(snapshot);
    },
    async (collection, where) => {
      const filtered = applyFilters(db.collection(collection), where);
      checkIndex({ collection, where });
      // Firestore's transactions are serializable: a document joining the counted range conflicts.
      const snapshot = await fsTx.get(filtered.count());
      return snapshot.data().count;
    },
  );
  return { ...handle, existence, readData };
}

/**
 * A snapshot's token is its update time: Firestore moves it with every write of the document,
 * and a document deleted and created again has a new one.
 */
function rawDocument(snapshot: DocumentSnapshot): RawDocument | null {
  if (!snapshot.exists || !snapshot.updateTime) return null;
  return { token: snapshot.updateTime.valueOf(), decode: () => snapshot.data() as DocumentData };
}
