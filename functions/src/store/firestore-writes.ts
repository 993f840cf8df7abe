import { FieldPath, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { DocumentExistsError, DocumentNotFoundError, type DocumentData, type WriteOperation } from './document-store';
import { assertKey, assertPlainDocument } from './store-keys';

/** How the Firestore adapter writes: the port's operations prepared, applied to a batch or transaction, and its errors mapped. */

/** gRPC status codes firebase-admin reports in `error.code`. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
export const ABORTED = 10;

export type PreparedWrite =
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

export const keyOf = (collection: string, id: string) => `${collection}/${id}`;

/**
 * The empty-patch updates whose target's existence the writes before them do not settle: firebase-admin
 * refuses an update without fields, so their "fails if missing" must come from a read.
 */
export function needsExistenceReads(writes: PreparedWrite[]): { collection: string; id: string }[] {
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
export async function checkEmptyUpdates(
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
export function mapCommitError(error: unknown, writes: PreparedWrite[]): unknown {
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

export function grpcCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function prepareWrite(operation: WriteOperation): PreparedWrite {
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
