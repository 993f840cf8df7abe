import { FieldPath, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { DocumentExistsError, DocumentNotFoundError, type DocumentData, type WriteOperation } from './document-store';
import { assertKey, assertPlainDocument } from './store-keys';
import { assertDocumentFits, documentTooLarge, writeSize, type CommitWrite } from './store-limits';

/** How the Firestore adapter writes: the port's operations prepared, applied to a batch or transaction, and its errors mapped. */

/** gRPC status codes firebase-admin reports in `error.code`. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
export const ABORTED = 10;
const INVALID_ARGUMENT = 3;
/** How Firestore (and its emulator) refuses an update that makes a document larger than 1 MiB. */
const DOCUMENT_TOO_LARGE = /maximum entity size|exceeds the maximum allowed size|document size/i;

/** A write with its data copied and its size counted (store-limits.ts). */
export type PreparedWrite = CommitWrite & { bytes: number };

/** What a WriteBatch and a Transaction have in common, as this adapter uses them. */
interface Writer {
  create(documentRef: DocumentReference, data: DocumentData): unknown;
  set(documentRef: DocumentReference, data: DocumentData): unknown;
  update(documentRef: DocumentReference, field: FieldPath, value: unknown, ...more: unknown[]): unknown;
  delete(documentRef: DocumentReference): unknown;
}

export function applyWrite(
  writer: Writer,
  ref: (collection: string, id: string) => DocumentReference,
  write: PreparedWrite,
) {
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

export const keyOf = (collection: string, id: string) => `${collection}/${id}`;

const isEmptyUpdate = (write: PreparedWrite) => write.kind === 'update' && Object.keys(write.patch).length === 0;

/**
 * The documents whose existence before the commit must be read, because the port's answer depends on
 * it and Firestore cannot give it: an empty-patch update (firebase-admin cannot send one, so its
 * "fails if missing" comes from a read), and a commit Firestore refuses outright (INVALID_ARGUMENT:
 * a create after another write of the same document, an update after its delete), where the port
 * names the first write that fails in order, which depends on what existed before.
 */
export function existenceToRead(writes: PreparedWrite[]): { collection: string; id: string }[] {
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
export async function readAndCheckWrites(
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
export function assertUpdatesFit(writes: PreparedWrite[], readData: Map<string, DocumentData>): void {
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
export function mapCommitError(error: unknown, writes: PreparedWrite[]): unknown {
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

/**
 * The Cloud Firestore emulator's answer when it dropped a transaction it was holding (seen under
 * load, with transactions contending): INVALID_ARGUMENT "Transaction is invalid or closed." where
 * production answers ABORTED. Nothing of the transaction was committed, so it may run again.
 */
export function isClosedTransaction(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return grpcCode(error) === INVALID_ARGUMENT && /transaction is invalid or closed/i.test(message);
}

export function grpcCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function prepareWrite(operation: WriteOperation): PreparedWrite {
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
