/**
 * The storage port: a small, document-shaped database interface. Every adapter
 * (SQLite locally, Firestore in production) passes the contract suite in
 * `document-store.contract.ts`.
 */

export type FieldValue = string | number | boolean | null;

export type DocumentData = Record<string, unknown>;

export interface StoredDocument<T extends DocumentData = DocumentData> {
  id: string;
  data: T;
}

export interface EqualityFilter {
  field: string;
  /** '==' (the default): the field equals `value`; 'array-contains': the field is an array holding `value`. */
  op?: '==' | 'array-contains';
  value: FieldValue;
}

export interface QuerySpec {
  /** All filters must hold (AND). `field` may be a dotted path. At most one 'array-contains' (Firestore's rule). */
  where?: EqualityFilter[];
  /** Results are ordered by this field, then by document id; default: document id ascending. */
  orderBy?: { field: string; direction?: 'asc' | 'desc' };
  limit?: number;
  /** Opaque cursor returned as `nextCursor` by a previous page of the same query. */
  after?: string;
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
  /** All operations apply, or none does. */
  batch(operations: WriteOperation[]): Promise<void>;
  /**
   * Runs `work` with a consistent view: if a document it read changed before commit,
   * the work is retried; writes apply atomically, or not at all if `work` throws.
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
