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
import { assertIndexed, type CompositeIndex, type IndexedQuery } from './firestore-indexes';
import { assertCollection, assertKey, assertPlainDocument, fieldSegments } from './store-keys';
import { assertCommitFits, assertDocumentFits, documentTooLarge, writeSize, type CommitWrite } from './store-limits';

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
const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

/** gRPC status codes firebase-admin reports in `error.code`. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const ABORTED = 10;
const INVALID_ARGUMENT = 3;
/** How Firestore (and its emulator) refuses an update that makes a document larger than 1 MiB. */
const DOCUMENT_TOO_LARGE = /maximum entity size|exceeds the maximum allowed size|document size/i;

/** A write with its data copied and its size counted (store-limits.ts). */
type PreparedWrite = CommitWrite & { bytes: number };

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
        await db.runTransaction(
          async (fsTx) => {
            await readAndCheckWrites(fsTx, ref, writes, new Map());
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
        return await db.runTransaction(
          async (fsTx) => {
            attempts++;
            const attempt = openTransaction(fsTx, ref);
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

function openTransaction(fsTx: Transaction, ref: (collection: string, id: string) => DocumentReference) {
  const writes: PreparedWrite[] = [];
  /** Whether each document read existed: spares a second read when an empty-patch update needs to know. */
  const existence = new Map<string, boolean>();
  /** What each document read held: an update of it can be sized before commit. */
  const readData = new Map<string, DocumentData>();
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
      if (snapshot.exists) readData.set(keyOf(collection, id), snapshot.data()!);
      return snapshot.exists ? (snapshot.data() as T) : null;
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
    readData,
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
      if (pairs.length === 0) return; // Checked for existence beforehand (readAndCheckWrites); nothing to write.
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

const isEmptyUpdate = (write: PreparedWrite) => write.kind === 'update' && Object.keys(write.patch).length === 0;

/**
 * The documents whose existence before the commit must be read, because the port's answer depends on
 * it and Firestore cannot give it: an empty-patch update (firebase-admin cannot send one, so its
 * "fails if missing" comes from a read), and a commit Firestore refuses outright (INVALID_ARGUMENT:
 * a create after another write of the same document, an update after its delete), where the port
 * names the first write that fails in order, which depends on what existed before.
 */
function existenceToRead(writes: PreparedWrite[]): { collection: string; id: string }[] {
  const state = new Map<string, 'exists' | 'missing'>();
  const first = new Map<string, PreparedWrite>();
  const emptyUpdates = new Map<string, PreparedWrite>();
  let refused = false;
  for (const write of writes) {
    const key = keyOf(write.collection, write.id);
    const prior = state.get(key);
    if ((write.kind === 'create' && prior === 'exists') || (write.kind === 'update' && prior === 'missing')) {
      refused = true;
    }
    if (isEmptyUpdate(write) && prior === undefined) emptyUpdates.set(key, write);
    if (!first.has(key)) first.set(key, write);
    state.set(key, write.kind === 'delete' ? 'missing' : 'exists');
  }
  const needed = new Map(emptyUpdates);
  if (refused) {
    for (const [key, write] of first) if (write.kind === 'create' || write.kind === 'update') needed.set(key, write);
  }
  return [...needed.values()].map(({ collection, id }) => ({ collection, id }));
}

/**
 * Plays the writes in order on what is known to exist (`known`: before the commit) and throws the
 * port's error for the first one certain to fail; writes on documents of unknown existence are left
 * to Firestore's own preconditions.
 */
function checkWrites(writes: PreparedWrite[], known: Map<string, boolean>): void {
  const exists = new Map(known);
  for (const write of writes) {
    const key = keyOf(write.collection, write.id);
    const before = exists.get(key);
    if (write.kind === 'create' && before === true) throw new DocumentExistsError(write.collection, write.id);
    if (write.kind === 'update' && before === false) throw new DocumentNotFoundError(write.collection, write.id);
    exists.set(key, write.kind !== 'delete');
  }
}

/** Reads the existence `existenceToRead` asks for (what `known` lacks), then checks the writes. */
async function readAndCheckWrites(
  fsTx: Transaction,
  ref: (collection: string, id: string) => DocumentReference,
  writes: PreparedWrite[],
  known: Map<string, boolean>,
): Promise<void> {
  const toRead = existenceToRead(writes).filter(({ collection, id }) => !known.has(keyOf(collection, id)));
  const exists = new Map(known);
  if (toRead.length > 0) {
    const snapshots = await fsTx.getAll(...toRead.map(({ collection, id }) => ref(collection, id)));
    snapshots.forEach((snapshot, index) => {
      const { collection, id } = toRead[index]!;
      exists.set(keyOf(collection, id), snapshot.exists);
    });
  }
  checkWrites(writes, exists);
}

/** Sizes what each update makes of a document the transaction read (a shallow merge), before commit. */
function assertUpdatesFit(writes: PreparedWrite[], readData: Map<string, DocumentData>): void {
  const current = new Map(readData);
  for (const write of writes) {
    const key = keyOf(write.collection, write.id);
    if (write.kind === 'delete') current.delete(key);
    else if (write.kind !== 'update') current.set(key, write.data);
    else if (current.has(key)) {
      const merged = { ...current.get(key), ...write.patch };
      assertDocumentFits(write.collection, write.id, merged);
      current.set(key, merged);
    }
  }
}

/** Firestore's ALREADY_EXISTS / NOT_FOUND as the port's errors, naming the write that failed. */
function mapCommitError(error: unknown, writes: PreparedWrite[]): unknown {
  const code = grpcCode(error);
  const message = error instanceof Error ? error.message : '';
  if (code === INVALID_ARGUMENT && DOCUMENT_TOO_LARGE.test(message)) {
    // Only an update can grow a document past the limit here: creates and sets were sized before.
    const updates = writes.filter((write) => write.kind === 'update');
    const named = updates.find((write) => message.includes(`/${write.collection}/${write.id}`)) ?? updates[0];
    const mapped = named ? documentTooLarge(named.collection, named.id, null) : error;
    if (mapped instanceof Error && mapped !== error) mapped.cause = error;
    return mapped;
  }
  const kind = code === ALREADY_EXISTS ? 'create' : code === NOT_FOUND ? 'update' : null;
  if (!kind) return error;
  const candidates = writes.filter((write) => write.kind === kind);
  if (candidates.length === 0) return error;
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
  const write = copyWrite(operation);
  return { ...write, bytes: writeSize(write) };
}

function copyWrite(operation: WriteOperation): CommitWrite {
  const { collection, id } = operation;
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
