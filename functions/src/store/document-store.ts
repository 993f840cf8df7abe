/**
 * The storage port: a small, document-shaped database interface. Every adapter
 * (SQLite locally, Firestore in production) passes the contract suite in
 * `document-store.contract.ts`, run against Google's Cloud Firestore emulator for Firestore.
 *
 * Where Firestore and SQLite could differ, this port says what is required:
 * - Documents hold JSON values: no array directly inside an array, at most 20 levels of nesting,
 *   no empty or reserved (`__name__`) field names (store-limits.ts; a TypeError otherwise).
 * - Firestore's limits hold in every adapter: 1 MiB per document, 500 writes and 10 MiB per
 *   commit, 1500 bytes per id (StoreLimitError before anything is written).
 * - Ids and collection names: no '/', not '.' or '..', not `__name__`, at most 1500 bytes.
 * - Transactions are serializable; how an adapter gets there differs (see `transaction`).
 */

import type { DerivedCache } from './derived-cache';

export type FieldValue = string | number | boolean | null;

export type DocumentData = Record<string, unknown>;

export interface StoredDocument<T extends DocumentData = DocumentData> {
  id: string;
  data: T;
}

/** A range filter's operators (`RangeFilter`). */
export const RANGE_OPERATORS = ['<', '<=', '>', '>='] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

export interface EqualityFilter {
  field: string;
  /**
   * '==' (the default): the field equals `value`; 'array-contains': the field is an array holding
   * `value`; a range ('<', '<=', '>', '>='): the field holds a value of `value`'s type (a number or a
   * string) in that range (`isRangeFilter`).
   */
  op?: '==' | 'array-contains' | RangeOperator;
  value: FieldValue;
}

/** Whether the filter is a range: a query takes range filters on one field only, and orders by it (Firestore's rules). */
export const isRangeFilter = (filter: EqualityFilter): filter is EqualityFilter & { op: RangeOperator } =>
  (RANGE_OPERATORS as readonly unknown[]).includes(filter.op);

export interface QuerySpec {
  /**
   * All filters must hold (AND). `field` may be a dotted path. At most one 'array-contains'; range
   * filters on one field, which `orderBy` must name (Firestore's rules).
   */
  where?: EqualityFilter[];
  /** Results are ordered by this field, then by document id; default: document id ascending. */
  orderBy?: { field: string; direction?: 'asc' | 'desc' };
  limit?: number;
  /** Opaque cursor returned as `nextCursor` by a previous page of the same query. */
  after?: string;
  /**
   * Instead of `after`, for an ordered query: the position to start after, a value of the ordered
   * field and a document id (a cursor the caller keeps itself, where one listing is paged from the
   * store or in memory: store/memory-pages.ts).
   */
  startAfter?: { value: FieldValue; id: string };
  /**
   * Top-level field names: each document holds those of its fields only, and the ordered field's
   * (Firestore's `select`: the same reads, less to send and decode). Absent: whole documents.
   */
  fields?: readonly string[];
}

export interface QueryPage<T extends DocumentData = DocumentData> {
  items: StoredDocument<T>[];
  /** Present when `limit` was given and more documents may follow. */
  nextCursor: string | null;
}

export type WriteOperation =
  | { kind: 'create'; collection: string; id: string; data: DocumentData }
  | { kind: 'set'; collection: string; id: string; data: DocumentData }
  | { kind: 'update'; collection: string; id: string; patch: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

/** Reads must come before writes (Firestore's rule); writes apply atomically at commit. */
export interface StoreTransaction {
  get<T extends DocumentData>(collection: string, id: string): Promise<T | null>;
  /** Reads the document as `get` does (part of the transaction's view); its value from `cache` while unchanged. */
  getDerived<T>(collection: string, id: string, cache: DerivedCache<T>): Promise<T | null>;
  /**
   * How many documents match the filters, as part of the transaction's consistent view: if a
   * document joins or leaves the count before commit, the work is retried.
   */
  count(collection: string, where?: EqualityFilter[]): Promise<number>;
  create(collection: string, id: string, data: DocumentData): void;
  set(collection: string, id: string, data: DocumentData): void;
  update(collection: string, id: string, patch: DocumentData): void;
  delete(collection: string, id: string): void;
}

export interface DocumentStore {
  get<T extends DocumentData>(collection: string, id: string): Promise<T | null>;
  /**
   * Many documents of one collection by id, in one request (Firestore's batched get; each document
   * is still one read), all as they were at one instant, in the ids' order; null for those that do
   * not exist. With `fields` (top-level field names), each document holds those of its fields only
   * (Firestore's field mask: the same reads, less to send and decode).
   */
  getAll<T extends DocumentData>(
    collection: string,
    ids: readonly string[],
    fields?: readonly string[],
  ): Promise<(T | null)[]>;
  /** Reads the document; `cache` derives its value again only when the stored document has changed. */
  getDerived<T>(collection: string, id: string, cache: DerivedCache<T>): Promise<T | null>;
  /** Fails with `DocumentExistsError` if the id is taken. */
  create(collection: string, id: string, data: DocumentData): Promise<void>;
  /** Creates or replaces the whole document. */
  set(collection: string, id: string, data: DocumentData): Promise<void>;
  /** Shallow-merges top-level fields; fails with `DocumentNotFoundError` if missing. */
  update(collection: string, id: string, patch: DocumentData): Promise<void>;
  /** Deleting a missing document is not an error. */
  delete(collection: string, id: string): Promise<void>;
  query<T extends DocumentData>(collection: string, spec?: QuerySpec): Promise<QueryPage<T>>;
  /** How many documents match the filters (an aggregation: no document is read out). */
  count(collection: string, where?: EqualityFilter[]): Promise<number>;
  /** All operations apply in order, or none does (at most 500 operations and 10 MiB: StoreLimitError). */
  batch(operations: WriteOperation[]): Promise<void>;
  /**
   * Runs `work` with a consistent view and commits it serializably: a document it read cannot have
   * changed by its commit. Firestore holds a write from outside on such a document until the
   * transaction ends (pessimistic locks); SQLite lets it land and runs `work` again on the new data,
   * also when `work` threw on reads that were not one snapshot (so an error it throws is one it
   * would throw on a consistent view). Either way the outcome is one of the serial orders and no
   * update is lost; `work` may run more
   * than once, so it must not have effects outside `tx`, and it must never wait for a write outside
   * `tx` to a document it read (under locks that write waits for the transaction: a deadlock).
   * Writes apply atomically at commit, or not at all if `work` throws. Gives up with
   * TransactionContentionError after 10 attempts.
   */
  transaction<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export class DocumentExistsError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Document ${collection}/${id} already exists`);
    this.name = 'DocumentExistsError';
  }
}

export class DocumentNotFoundError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Document ${collection}/${id} does not exist`);
    this.name = 'DocumentNotFoundError';
  }
}

/** Which of Firestore's limits (store-limits.ts) a write would break. */
export type StoreLimit = 'document-size' | 'commit-writes' | 'commit-size';

/** A write beyond Firestore's limits, refused before anything is written. */
export class StoreLimitError extends Error {
  constructor(
    readonly limit: StoreLimit,
    message: string,
  ) {
    super(message);
    this.name = 'StoreLimitError';
  }
}

export class TransactionContentionError extends Error {
  constructor(attempts: number) {
    super(`Transaction aborted after ${attempts} attempts because its documents kept changing`);
    this.name = 'TransactionContentionError';
  }
}

/** A query's `after` is not a cursor the store gave out for a query of this kind (ordered or not). */
export class InvalidCursorError extends Error {
  constructor(options?: ErrorOptions) {
    super('Malformed query cursor', options);
    this.name = 'InvalidCursorError';
  }
}
