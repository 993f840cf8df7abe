import { StoreLimitError, type DocumentData } from './document-store';

/**
 * Cloud Firestore's limits (https://firebase.google.com/docs/firestore/quotas), which every adapter
 * enforces before it writes, so a local run refuses exactly what production would. Sizes are
 * counted as Firestore counts them (https://firebase.google.com/docs/firestore/storage-size),
 * checked byte for byte against Google's Cloud Firestore emulator.
 */
export const STORE_LIMITS = {
  /** One document, name and fields included. */
  documentBytes: 1_048_576,
  /** One string value. */
  stringBytes: 1_048_487,
  /** Writes in one commit (a batch or a transaction). */
  writesPerCommit: 500,
  /** One commit request (Firestore's 10 MiB per API request), counted as the sum of its writes. */
  commitBytes: 10_485_760,
  /** A document id, a collection id, a field name. */
  nameBytes: 1500,
  /** Maps and arrays nested in a document, counting the document's own fields as the first level. */
  depth: 20,
} as const;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const stringSize = (text: string) => utf8Bytes(text) + 1;
const RESERVED_NAME = /^__.*__$/;

/** The size of a document's name: each collection and document id plus one byte, plus 16. */
export function documentNameSize(collection: string, id: string): number {
  return stringSize(collection) + stringSize(id) + 16;
}

/** A collection or document id Firestore accepts: at most 1500 bytes, not reserved (`__name__`). */
export function nameProblem(name: string): string | null {
  if (utf8Bytes(name) > STORE_LIMITS.nameBytes) return `is longer than ${STORE_LIMITS.nameBytes} bytes`;
  if (RESERVED_NAME.test(name)) return 'is reserved (names of the form __name__ belong to Firestore)';
  return null;
}

/**
 * The stored size of a JSON value, refusing what Firestore cannot store: an array directly inside
 * an array, nesting deeper than 20, empty, reserved or over-long field names, over-long strings.
 */
function valueSize(value: unknown, depth: number, where: string): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') {
    const size = stringSize(value);
    if (size - 1 > STORE_LIMITS.stringBytes) {
      throw new StoreLimitError(
        'document-size',
        `The text at ${where} is ${size - 1} bytes; one value may hold at most ${STORE_LIMITS.stringBytes}`,
      );
    }
    return size;
  }
  if (depth > STORE_LIMITS.depth) {
    throw new TypeError(`Document data nests deeper than ${STORE_LIMITS.depth} levels at ${where}`);
  }
  if (Array.isArray(value)) {
    return value.reduce<number>((sum, item, index) => {
      if (Array.isArray(item))
        throw new TypeError(`Firestore cannot store an array directly inside an array (${where}[${index}])`);
      return sum + valueSize(item, depth + 1, `${where}[${index}]`);
    }, 0);
  }
  if (typeof value === 'object') return fieldsSize(value as DocumentData, depth + 1, `${where}.`);
  throw new TypeError(`Document data at ${where} is not a JSON value`);
}

function fieldsSize(data: DocumentData, depth: number, prefix: string): number {
  let size = 0;
  for (const [name, value] of Object.entries(data)) {
    if (name === '') throw new TypeError(`Document data has an empty field name at ${prefix || 'the top level'}`);
    const problem = nameProblem(name);
    if (problem) throw new TypeError(`The field name ${JSON.stringify(name.slice(0, 40))} ${problem}`);
    size += stringSize(name) + valueSize(value, depth, `${prefix}${name}`);
  }
  return size;
}

/** A whole document's size as Firestore counts it; throws for data Firestore would refuse. */
export function documentSize(collection: string, id: string, data: DocumentData): number {
  return documentNameSize(collection, id) + fieldsSize(data, 1, '') + 32;
}

/** Throws StoreLimitError when the document is over 1 MiB (an update's result, say). */
export function assertDocumentFits(collection: string, id: string, data: DocumentData): void {
  const size = documentSize(collection, id, data);
  if (size > STORE_LIMITS.documentBytes) throw documentTooLarge(collection, id, size);
}

export function documentTooLarge(collection: string, id: string, size: number | null): StoreLimitError {
  const measured = size === null ? 'more than' : `${size} bytes, more than`;
  return new StoreLimitError(
    'document-size',
    `The document ${collection}/${id} would be ${measured} the ${STORE_LIMITS.documentBytes} bytes (1 MiB) one document may hold`,
  );
}

/** What a write adds to its commit's request: its document (or patch) and name. */
export type CommitWrite =
  | { kind: 'create' | 'set'; collection: string; id: string; data: DocumentData }
  | { kind: 'update'; collection: string; id: string; patch: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

/**
 * The bytes a write adds to its commit's request (its document or patch, with its name), refusing
 * what Firestore cannot store and a document it creates or replaces over 1 MiB (an update's patch
 * alone over 1 MiB too; what an update makes of the stored document is checked where it is known).
 */
export function writeSize(write: CommitWrite): number {
  if (write.kind === 'delete') return documentNameSize(write.collection, write.id);
  const size = documentSize(write.collection, write.id, write.kind === 'update' ? write.patch : write.data);
  if (size > STORE_LIMITS.documentBytes) throw documentTooLarge(write.collection, write.id, size);
  return size;
}

/** Refuses, before anything is written, a commit of more than 500 writes or 10 MiB (sizes from `writeSize`). */
export function assertCommitFits(writeSizes: readonly number[]): void {
  if (writeSizes.length > STORE_LIMITS.writesPerCommit) {
    throw new StoreLimitError(
      'commit-writes',
      `One commit holds at most ${STORE_LIMITS.writesPerCommit} writes (Firestore's limit for one atomic commit); got ${writeSizes.length}`,
    );
  }
  const bytes = writeSizes.reduce((sum, size) => sum + size, 0);
  if (bytes > STORE_LIMITS.commitBytes) {
    throw new StoreLimitError(
      'commit-size',
      `One commit carries at most ${STORE_LIMITS.commitBytes} bytes (10 MiB, Firestore's request limit); this one ${bytes}`,
    );
  }
}
