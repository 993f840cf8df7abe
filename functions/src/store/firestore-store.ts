import {
  FieldPath,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  TransactionContentionError,
  type DocumentData,
  type DocumentStore,
  type EqualityFilter,
  type FieldValue,
  type QueryPage,
  type QuerySpec,
  type StoreTransaction,
  type WriteOperation,
} from './document-store';
import { assertCollection, assertKey, assertPlainDocument, fieldSegments } from './store-keys';

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

/** Firestore's limit on the writes of one commit; larger batches are refused rather than split (they would not be atomic). */
export const MAX_BATCH_OPERATIONS = 500;
const MAX_ATTEMPTS = 10;
const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

/** gRPC status codes firebase-admin reports in `error.code`. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const ABORTED = 10;

type PreparedWrite =
  | { kind: 'create' | 'set'; collection: string; id: string; data: DocumentData }
  | { kind: 'update'; collection: string; id: string; patch: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

/** What a WriteBatch and a Transaction have in common, as this adapter uses them. */
interface Writer {
  create(documentRef: DocumentReference, data: DocumentData): unknown;
  set(documentRef: DocumentReference, data: DocumentData): unknown;
  update(documentRef: DocumentReference, field: FieldPath, value: unknown, ...more: unknown[]): unknown;
  delete(documentRef: DocumentReference): unknown;
}

/** What a cursor holds: the last document's id and, for an ordered query, its ordered value. */
export interface FirestoreCursor {
  id: string;
  v?: unknown;
}

export function createFirestoreStore(db: Firestore): DocumentStore {
  const ref = (collection: string, id: string): DocumentReference => db.collection(collection).doc(id);

  /** Runs writes as one commit; empty-patch updates, which firebase-admin cannot express, go through a transaction. */
  const commit = async (writes: PreparedWrite[]): Promise<void> => {
    if (writes.length === 0) return;
    try {
      if (needsExistenceReads(writes).length > 0) {
        await db.runTransaction(
          async (fsTx) => {
            await checkEmptyUpdates(fsTx, ref, writes, new Map());
            for (const write of writes) applyWrite(fsTx, ref, write);
          },
          { maxAttempts: MAX_ATTEMPTS },
        );
        return;
      }
      const batch = db.batch();
      for (const write of writes) applyWrite(batch, ref, write);
      await batch.commit();
    } catch (error) {
      throw mapCommitError(error, writes);
    }
  };

  return {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      assertKey(collection, id);
      const snapshot = await ref(collection, id).get();
      return snapshot.exists ? (snapshot.data() as T) : null;
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
      const snapshot = await applyFilters(db.collection(collection), where).count().get();
      return snapshot.data().count;
    },
    async batch(operations: WriteOperation[]) {
      if (!Array.isArray(operations)) throw new TypeError('A batch takes an array of write operations');
      if (operations.length > MAX_BATCH_OPERATIONS) {
        throw new Error(
          `A batch holds at most ${MAX_BATCH_OPERATIONS} operations (Firestore's limit for one atomic commit); got ${operations.length}`,
        );
      }
      await commit(operations.map(prepareWrite));
    },
    async transaction<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
      let attempts = 0;
      let writes: PreparedWrite[] = [];
      try {
        return await db.runTransaction(
          async (fsTx) => {
            attempts++;
            const attempt = openTransaction(fsTx, ref, db);
            writes = attempt.writes;
            let result: R;
            try {
              result = await work(attempt.tx);
            } finally {
              attempt.finish();
            }
            if (writes.length > MAX_BATCH_OPERATIONS) {
              throw new Error(`A transaction holds at most ${MAX_BATCH_OPERATIONS} writes; got ${writes.length}`);
            }
            // Firestore's own rule is the same as ours: every read of the attempt happens before its first write.
            await checkEmptyUpdates(fsTx, ref, writes, attempt.existence);
            for (const write of writes) applyWrite(fsTx, ref, write);
            return result;
          },
          { maxAttempts: MAX_ATTEMPTS },
        );
      } catch (error) {
        if (grpcCode(error) === ABORTED) throw new TransactionContentionError(attempts);
        throw mapCommitError(error, writes);
      }
    },
    async close() {
      await db.terminate();
    },
  };
}

function openTransaction(fsTx: Transaction, ref: (collection: string, id: string) => DocumentReference, db: Firestore) {
  const writes: PreparedWrite[] = [];
  /** Whether each document read existed: spares a second read when an empty-patch update needs to know. */
  const existence = new Map<string, boolean>();
  let open = true;
  const write = (operation: WriteOperation): void => {
    if (!open) throw new Error('The transaction has already finished');
    writes.push(prepareWrite(operation));
  };
  const tx: StoreTransaction = {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      if (!open) throw new Error('The transaction has already finished');
      if (writes.length > 0) throw new Error('Transaction reads must come before its writes');
      assertKey(collection, id);
      const snapshot = await fsTx.get(ref(collection, id));
      existence.set(keyOf(collection, id), snapshot.exists);
      return snapshot.exists ? (snapshot.data() as T) : null;
    },
    async count(collection, where = []) {
      if (!open) throw new Error('The transaction has already finished');
      if (writes.length > 0) throw new Error('Transaction reads must come before its writes');
      assertCollection(collection);
      // Firestore's transactions are serializable: a document joining the counted range conflicts.
      const snapshot = await fsTx.get(applyFilters(db.collection(collection), where).count());
      return snapshot.data().count;
    },
    create: (collection, id, data) => write({ kind: 'create', collection, id, data }),
    set: (collection, id, data) => write({ kind: 'set', collection, id, data }),
    update: (collection, id, patch) => write({ kind: 'update', collection, id, patch }),
    delete: (collection, id) => write({ kind: 'delete', collection, id }),
  };
  return {
    tx,
    writes,
    existence,
    finish: () => {
      open = false;
    },
  };
}

function applyWrite(writer: Writer, ref: (collection: string, id: string) => DocumentReference, write: PreparedWrite) {
  const target = ref(write.collection, write.id);
  switch (write.kind) {
    case 'create':
      writer.create(target, write.data);
      return;
    case 'set':
      writer.set(target, write.data);
      return;
    case 'update': {
      // Top-level keys as FieldPaths: a key with a dot stays one field; a nested map is replaced whole.
      const pairs = Object.entries(write.patch).flatMap(([key, value]) => [new FieldPath(key), value]);
      if (pairs.length === 0) return; // Checked for existence beforehand (checkEmptyUpdates); nothing to write.
      const [field, value, ...more] = pairs as [FieldPath, unknown, ...unknown[]];
      writer.update(target, field, value, ...more);
      return;
    }
    case 'delete':
      writer.delete(target);
      return;
  }
}

const keyOf = (collection: string, id: string) => `${collection}/${id}`;

/**
 * The empty-patch updates whose target's existence the writes before them do not settle: firebase-admin
 * refuses an update without fields, so their "fails if missing" must come from a read.
 */
function needsExistenceReads(writes: PreparedWrite[]): { collection: string; id: string }[] {
  const settled = new Set<string>();
  const needed = new Map<string, { collection: string; id: string }>();
  for (const write of writes) {
    const key = keyOf(write.collection, write.id);
    if (write.kind === 'update' && Object.keys(write.patch).length === 0) {
      if (!settled.has(key)) needed.set(key, { collection: write.collection, id: write.id });
    } else {
      settled.add(key);
    }
  }
  return [...needed.values()];
}

/** Throws DocumentNotFoundError for an empty-patch update of a document missing at that point of the writes. */
async function checkEmptyUpdates(
  fsTx: Transaction,
  ref: (collection: string, id: string) => DocumentReference,
  writes: PreparedWrite[],
  known: Map<string, boolean>,
): Promise<void> {
  const needed = needsExistenceReads(writes);
  if (needed.length === 0) return;
  const toRead = needed.filter(({ collection, id }) => !known.has(keyOf(collection, id)));
  const exists = new Map(known);
  if (toRead.length > 0) {
    const snapshots = await fsTx.getAll(...toRead.map(({ collection, id }) => ref(collection, id)));
    snapshots.forEach((snapshot, index) => {
      const { collection, id } = toRead[index]!;
      exists.set(keyOf(collection, id), snapshot.exists);
    });
  }
  for (const write of writes) {
    const key = keyOf(write.collection, write.id);
    switch (write.kind) {
      case 'create':
        // A create on an existing document fails the commit itself (ALREADY_EXISTS).
        exists.set(key, true);
        break;
      case 'set':
        exists.set(key, true);
        break;
      case 'delete':
        exists.set(key, false);
        break;
      case 'update':
        if (Object.keys(write.patch).length === 0 && exists.get(key) === false) {
          throw new DocumentNotFoundError(write.collection, write.id);
        }
        // A non-empty update of a missing document fails the commit itself (NOT_FOUND).
        exists.set(key, true);
        break;
    }
  }
}

/** Firestore's ALREADY_EXISTS / NOT_FOUND as the port's errors, naming the write that failed. */
function mapCommitError(error: unknown, writes: PreparedWrite[]): unknown {
  const code = grpcCode(error);
  const kind = code === ALREADY_EXISTS ? 'create' : code === NOT_FOUND ? 'update' : null;
  if (!kind) return error;
  const candidates = writes.filter((write) => write.kind === kind);
  if (candidates.length === 0) return error;
  const message = error instanceof Error ? error.message : '';
  // The message names the document: Firestore as a path (".../documents/items/a"), the npm emulator's
  // NOT_FOUND as path elements (type: "items" name: "a"). The longest match wins (items/ab over items/a).
  const names = (write: PreparedWrite) =>
    message.includes(`/${write.collection}/${write.id}`) ||
    (message.includes(`type: "${write.collection}"`) && message.includes(`name: "${write.id}"`));
  const named = candidates
    .filter(names)
    .sort((a, b) => keyOf(b.collection, b.id).length - keyOf(a.collection, a.id).length)[0];
  const failed = named ?? candidates[0]!;
  const mapped =
    kind === 'create'
      ? new DocumentExistsError(failed.collection, failed.id)
      : new DocumentNotFoundError(failed.collection, failed.id);
  (mapped as Error).cause = error;
  return mapped;
}

function grpcCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function prepareWrite(operation: WriteOperation): PreparedWrite {
  if (typeof operation !== 'object' || operation === null) {
    throw new TypeError(`Unknown write operation ${JSON.stringify(operation)}`);
  }
  const { collection, id } = operation;
  assertKey(collection, id);
  switch (operation.kind) {
    case 'create':
    case 'set':
      return { kind: operation.kind, collection, id, data: copyDocument(operation.data) };
    case 'update':
      return { kind: 'update', collection, id, patch: copyDocument(operation.patch) };
    case 'delete':
      return { kind: 'delete', collection, id };
    default:
      throw new TypeError(`Unknown write operation ${JSON.stringify(operation)}`);
  }
}

/** A JSON copy, as the SQLite adapter stores it: later mutation by the caller cannot leak in, undefined fields drop. */
function copyDocument(data: DocumentData): DocumentData {
  assertPlainDocument(data);
  return JSON.parse(JSON.stringify(data)) as DocumentData;
}

function fieldPath(field: string): FieldPath {
  return new FieldPath(...fieldSegments(field));
}

function filterValue(value: FieldValue): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Invalid filter value ${JSON.stringify(value)}`);
}

function applyFilters(query: Query, where: EqualityFilter[]): Query {
  if (!Array.isArray(where)) throw new Error('Query filters must be an array');
  if (where.filter((filter) => filter.op === 'array-contains').length > 1) {
    throw new Error('A query may have at most one array-contains filter');
  }
  return where.reduce((current, filter) => {
    const path = fieldPath(filter.field);
    const value = filterValue(filter.value);
    const op = filter.op ?? '==';
    if (op === '==') return current.where(path, '==', value);
    if (op !== 'array-contains') throw new Error(`Invalid filter operator ${JSON.stringify(op)}`);
    if (value === null) throw new Error('Firestore cannot match null with array-contains');
    return current.where(path, 'array-contains', value);
  }, query);
}

export function buildQuery(
  db: Firestore,
  collection: string,
  spec: QuerySpec,
): { query: Query; orderPath: FieldPath | null } {
  let query = applyFilters(db.collection(collection), spec.where ?? []);
  const direction = spec.orderBy?.direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') {
    throw new Error(`Invalid order direction ${JSON.stringify(direction)}`);
  }
  const orderPath = spec.orderBy ? fieldPath(spec.orderBy.field) : null;
  // Firestore leaves out documents lacking the ordered field, and orders across types itself.
  if (orderPath) query = query.orderBy(orderPath, direction);
  // Ties (or everything, without an order) by document id, in the same direction: explicit, so cursors can name it.
  query = query.orderBy(FieldPath.documentId(), direction);

  if (spec.after !== undefined) {
    const cursor = decodeCursor(spec.after, orderPath !== null);
    query = orderPath ? query.startAfter(cursor.v, cursor.id) : query.startAfter(cursor.id);
  }
  if (spec.limit !== undefined) {
    if (!Number.isInteger(spec.limit) || spec.limit < 1) throw new Error(`Invalid query limit ${spec.limit}`);
    // One extra document tells whether another page follows.
    query = query.limit(spec.limit + 1);
  }
  return { query, orderPath };
}

export function encodeCursor(cursor: FirestoreCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string, ordered: boolean): FirestoreCursor {
  if (typeof text !== 'string' || !CURSOR_TEXT.test(text)) throw new Error('Malformed query cursor');
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (error) {
    throw new Error('Malformed query cursor', { cause: error });
  }
  if (!isCursor(cursor, ordered)) throw new Error('Malformed query cursor');
  return cursor;
}

function isCursor(value: unknown, ordered: boolean): value is FirestoreCursor {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  const { id } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || id.includes('/') || id === '.' || id === '..') return false;
  // An ordered query's cursor carries the ordered value (null included); an unordered one carries only the id.
  return ordered ? keys.length === 2 && keys[0] === 'id' && keys[1] === 'v' : keys.length === 1;
}
