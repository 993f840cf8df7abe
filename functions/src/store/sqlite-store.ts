import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  TransactionContentionError,
  type DocumentData,
  type DocumentStore,
  type QueryPage,
  type EqualityFilter,
  type QuerySpec,
  type StoreTransaction,
  type WriteOperation,
} from './document-store';
import type { RawDocument } from './derived-cache';
import { INDEX_FILE, readIndexDeclarations, type IndexDeclarations } from './firestore-indexes';
import {
  ELEMENT_FILLS_TABLE,
  ELEMENT_FILLS_TABLE_SQL,
  ELEMENTS_TABLE_SQL,
  indexChooser,
  sqliteElementIndexes,
  sqliteIndexes,
  type SqliteElementIndex,
  type SqliteIndex,
} from './sqlite-indexes';
import { SAFETY_NET_CHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';
import {
  buildQuery,
  ELEMENTS_TABLE,
  elementKey,
  elementProbe,
  encodeCursor,
  fieldsOf,
  type IndexFor,
  type QueryRow,
  type SqlParams,
} from './sqlite-query';
import { assertCollection, assertKey, assertPlainDocument, assertTopLevelFields, withFieldsOnly } from './store-keys';
import { assertCommitFits, assertDocumentFits, writeSize } from './store-limits';
import { openTransactionHandle } from './store-transaction';

const MAX_ATTEMPTS = 10;

interface Row {
  data: string;
  version: number;
}

/** A write with its data already serialized, so later mutation by the caller cannot leak in, and sized. */
type PreparedWrite = (
  | { kind: 'create' | 'set'; collection: string; id: string; json: string }
  | { kind: 'update'; collection: string; id: string; patchJson: string }
  | { kind: 'delete'; collection: string; id: string }
) & { bytes: number };

interface ReadRecord {
  collection: string;
  id: string;
  version: number;
  data: string | null;
}

/** A count read inside a transaction, checked again at commit. */
interface CountRecord {
  sql: string;
  params: SqlParams;
  n: number;
}

export interface SqliteStoreOptions {
  filename: string;
  /**
   * With `filename` ':memory:', the database starts as a copy of this image (another store's
   * `serialize()`, with the same `indexes`: its indexes and planner statistics are used as they
   * are) instead of empty: tests build a fixture once and give each test its own copy.
   */
  image?: Buffer;
  /** The indexes to create: firestore.indexes.json's unless given. */
  indexes?: IndexDeclarations;
  /**
   * When the indexes (not the multi-valued ones) are created: all at open (the default), or each
   * when a query first runs through it ('on-first-query', in memory only). The tests' stores take
   * the second: a test writes many more documents than it runs query shapes, and each write keeps
   * every index created (122, of which 20 for an audit entry) where it needs a few. A query's SQL
   * and the index it runs through are the same either way.
   */
  createIndexes?: 'at-open' | 'on-first-query';
  /** Called with each SQL statement the connection runs (better-sqlite3's `verbose`), for diagnostics. */
  verbose?: (sql: string) => void;
  /**
   * 'paused': the multi-valued indexes' fill (see `startElementFill`) waits for `fillElements()`
   * instead of starting at open (tests use it to run a store mid-fill). Default 'background'.
   */
  elementFill?: 'background' | 'paused';
  /** Documents per transaction of the fill (ELEMENT_FILL_BATCH unless given). */
  elementFillBatch?: number;
}

/** The SQLite store: the port, and control of its multi-valued indexes' fill. */
export interface SqliteStore extends DocumentStore {
  /**
   * Runs the fill of the multi-valued indexes (already running unless paused); resolves once every
   * declared array field's index is complete (or the store has closed).
   */
  fillElements(): Promise<void>;
  /** The whole database as one buffer (SQLite's serialization), which `image` opens as a copy. */
  serialize(): Buffer;
}

/**
 * Below this many documents holding a searched element, a query reads them through the element's
 * multi-valued index and sorts them; from this many, it walks the index of its other fields in
 * order and stops after a page (at least one row in RARE_ELEMENT holds the element there, so a
 * page of 25 reads about 25 × collection / RARE_ELEMENT rows). Either way a search reads a bounded
 * number of rows, whatever the element.
 */
export const RARE_ELEMENT = 1000;

/**
 * Documents per transaction when a multi-valued index is filled from the documents stored before it
 * existed (a review row holds about 200 search tokens: some 4,000 element rows per batch). A batch
 * runs on the request thread and holds the write lock, so it is kept short, and the fill pauses as
 * long as each batch took: a request's step waits at most one batch, and requests keep half of the
 * thread while the fill runs. The fill as a whole is slower than the one sorted INSERT ... SELECT it
 * replaced (that appended every row in key order; a batch's rows land all over the table, and each
 * batch commits): measured on 5,000 bench applications (1.6 million element rows), the open took
 * 11.3 s with that statement inside it and 5.0 s now, and the fill completed about 100 s later.
 * Larger batches fill faster but make requests wait longer (200 documents without a pause: about
 * 20 s, with dashboard p50s near 480 ms meanwhile).
 */
export const ELEMENT_FILL_BATCH = 20;

/** Counts one store keeps (least recently used go first). */
const MAX_CACHED_COUNTS = 1000;

interface CachedCount {
  /** The collection's write generation and the database's data_version when counted. */
  generation: number;
  dataVersion: number;
  n: number;
}

/**
 * The empty database of an in-memory store with firestore.indexes.json's indexes, kept from the
 * first one a process opens: each later one opens as a copy of it (creating the indexes was most
 * of opening one, and the tests open thousands). Keyed by whether they are created on first query.
 */
const emptyDefaultImages = new Map<boolean, Buffer>();

export function createSqliteStore(options: SqliteStoreOptions): SqliteStore {
  if (options.image && options.filename !== ':memory:') throw new Error('a store opens an image in memory only');
  const onFirstQuery = options.createIndexes === 'on-first-query';
  if (onFirstQuery && options.filename !== ':memory:') {
    throw new Error('a store creates its indexes on first query in memory only');
  }
  const emptyDefault = options.filename === ':memory:' && !options.image && !options.indexes;
  const emptyDefaultImage = emptyDefault ? emptyDefaultImages.get(onFirstQuery) : undefined;
  if (emptyDefaultImage) options = { ...options, image: emptyDefaultImage };
  const db = openDatabase(options.image ?? options.filename, options.verbose);
  // An in-memory database has one connection and nothing to sync: SQLite's own checkpoints stay.
  const checkpointer =
    options.filename === ':memory:'
      ? null
      : startCheckpointer({ filename: options.filename, synchronous: SQLITE_SYNCHRONOUS });
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${SAFETY_NET_CHECKPOINT_PAGES}`);
  const declarations = options.indexes ?? readIndexDeclarations(INDEX_FILE);
  // An image is a store's database with the same declarations: its indexes (all, or those its queries
  // created) and their statistics are in place.
  const applied = options.image
    ? { indexes: sqliteIndexes(declarations), elements: sqliteElementIndexes(declarations) }
    : applyIndexes(db, declarations, onFirstQuery ? 'on-first-query' : 'at-open');
  if (emptyDefault && !emptyDefaultImage) emptyDefaultImages.set(onFirstQuery, db.serialize());
  // An image may be of a store that created its indexes on first query: a copy makes sure too.
  const indexFor =
    onFirstQuery || options.image ? createdOnFirstQuery(db, applied.indexes) : indexChooser(applied.indexes);
  const elementFill = startElementFill(db, applied.elements, {
    batchDocuments: options.elementFillBatch ?? ELEMENT_FILL_BATCH,
    paused: options.elementFill === 'paused',
  });
  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let cached = statements.get(sql);
    if (!cached) {
      cached = db.prepare(sql);
      statements.set(sql, cached);
    }
    return cached;
  };

  /**
   * Whether a query or count reads an array-contains filter's documents through the element's index:
   * when its fill is complete (until then it lacks documents stored before it; the walk of the
   * other fields' index, which reads the documents themselves, answers alone) and they are few.
   */
  const viaElements = (collection: string, where: readonly EqualityFilter[]): boolean => {
    const filter = where.find((candidate) => candidate.op === 'array-contains');
    if (!filter || !elementFill.complete.has(elementKey(collection, filter.field))) return false;
    const probe = elementProbe(collection, filter, RARE_ELEMENT);
    return (statement(probe.sql).get(probe.params) as { n: number }).n < RARE_ELEMENT;
  };

  /** The SQL of a count (the same inside and outside transactions). */
  const countQuery = (collection: string, where: EqualityFilter[]) =>
    buildQuery(collection, { where }, 'count(*) AS n', indexFor, viaElements(collection, where));

  const readRow = (collection: string, id: string): Row | undefined =>
    statement('SELECT json(data) AS data, version FROM documents WHERE collection = ? AND id = ?').get(
      collection,
      id,
    ) as Row | undefined;

  /**
   * Documents by id with some of their top-level fields only, picked by SQLite in one statement
   * (`data -> '$."field"'`: each value's JSON text as stored, numbers included; a field name is
   * letters, digits, `_` and `-`, so it needs no escaping). Parsing whole rows in JavaScript to keep
   * a few fields, one statement per id, took a search's matches twice as long (docs/performance.md).
   * In the ids' order; null where there is no such document.
   */
  const readFields = (
    collection: string,
    ids: readonly string[],
    fields: readonly string[],
  ): (DocumentData | null)[] => {
    const found = statement(
      `SELECT id, ${fields.map(() => 'data -> ?').join(', ')} FROM documents ` +
        'WHERE collection = ? AND id IN (SELECT value FROM json_each(?))',
    )
      .raw(true)
      .all(...fields.map((field) => `$."${field}"`), collection, JSON.stringify(ids)) as [
      string,
      ...(string | null)[],
    ][];
    const valuesById = new Map(found.map(([id, ...values]) => [id, values]));
    // A fresh object each time an id is asked for, as a read of each would give.
    return ids.map((id) => {
      const values = valuesById.get(id);
      return values ? fieldsOf(fields, values) : null;
    });
  };

  /**
   * Counts outside transactions are kept until they may have changed: a count reads every matching
   * index entry (and, with an array-contains filter, every matching document), so a dashboard's
   * total would otherwise cost a pass over its tab on each page. A write through this store bumps its
   * collection's generation (even if its transaction then rolls back); a commit by any other
   * connection, in this process or another, changes `PRAGMA data_version`. Either makes the kept
   * counts of that collection (or all, for data_version) stale, so a count is always exact.
   */
  const generations = new Map<string, number>();
  const cachedCounts = new LRUCache<string, CachedCount>({ max: MAX_CACHED_COUNTS });
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const touched = (collection: string) => generations.set(collection, (generations.get(collection) ?? 0) + 1);

  const applyWrite = (write: PreparedWrite): void => {
    const { collection, id } = write;
    touched(collection);
    switch (write.kind) {
      case 'create': {
        const result = statement(
          'INSERT INTO documents (collection, id, data, version) VALUES (?, ?, jsonb(?), 1) ON CONFLICT DO NOTHING',
        ).run(collection, id, write.json);
        if (result.changes === 0) throw new DocumentExistsError(collection, id);
        return;
      }
      case 'set':
        statement(
          `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, jsonb(?), 1)
           ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = version + 1`,
        ).run(collection, id, write.json);
        return;
      case 'update': {
        const row = readRow(collection, id);
        if (!row) throw new DocumentNotFoundError(collection, id);
        const merged = { ...(JSON.parse(row.data) as DocumentData), ...(JSON.parse(write.patchJson) as DocumentData) };
        assertDocumentFits(collection, id, merged);
        statement('UPDATE documents SET data = jsonb(?), version = version + 1 WHERE collection = ? AND id = ?').run(
          JSON.stringify(merged),
          collection,
          id,
        );
        return;
      }
      case 'delete':
        statement('DELETE FROM documents WHERE collection = ? AND id = ?').run(collection, id);
        return;
    }
  };

  const applyAll = db.transaction((writes: PreparedWrite[]) => {
    assertCommitFits(writes.map((write) => write.bytes));
    for (const write of writes) applyWrite(write);
  });

  const countRows = (sql: string, params: SqlParams): number => (statement(sql).get(params) as { n: number }).n;

  /** Whether every document and count the transaction read is still as it read it. */
  const readsCurrent = (reads: ReadRecord[], counts: CountRecord[]): boolean => {
    for (const read of reads) {
      const row = readRow(read.collection, read.id);
      // Comparing the data too closes the delete-then-recreate hole where a version restarts at 1.
      if ((row?.version ?? 0) !== read.version || (row?.data ?? null) !== read.data) return false;
    }
    for (const counted of counts) if (countRows(counted.sql, counted.params) !== counted.n) return false;
    return true;
  };
  /** The reads checked in one snapshot, for work that threw: if they were not one view, it runs again. */
  const sawOneView = db.transaction(readsCurrent);

  /** Returns false, applying nothing, when a document or count read by the transaction has changed since. */
  const commit = db.transaction((reads: ReadRecord[], counts: CountRecord[], writes: PreparedWrite[]): boolean => {
    assertCommitFits(writes.map((write) => write.bytes));
    if (!readsCurrent(reads, counts)) return false;
    for (const write of writes) applyWrite(write);
    return true;
  });

  return {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      assertKey(collection, id);
      const row = readRow(collection, id);
      return row ? (JSON.parse(row.data) as T) : null;
    },
    async getAll<T extends DocumentData>(collection: string, ids: readonly string[], fields?: readonly string[]) {
      for (const id of ids) assertKey(collection, id);
      if (fields) assertTopLevelFields(fields);
      if (fields && fields.length > 0) {
        return readFields(collection, ids, [...new Set(fields)]) as (T | null)[];
      }
      return ids.map((id) => {
        const row = readRow(collection, id);
        if (!row) return null;
        const data = JSON.parse(row.data) as T;
        return fields ? (withFieldsOnly(data, fields) as T) : data;
      });
    },
    async getDerived(collection, id, cache) {
      assertKey(collection, id);
      const row = readRow(collection, id);
      return row ? cache.valueOf(collection, id, rawDocument(row.data)) : null;
    },
    async create(collection, id, data) {
      applyAll.immediate([prepareWrite({ kind: 'create', collection, id, data })]);
    },
    async set(collection, id, data) {
      applyAll.immediate([prepareWrite({ kind: 'set', collection, id, data })]);
    },
    async update(collection, id, patch) {
      applyAll.immediate([prepareWrite({ kind: 'update', collection, id, patch })]);
    },
    async delete(collection, id) {
      applyAll.immediate([prepareWrite({ kind: 'delete', collection, id })]);
    },
    async query<T extends DocumentData>(collection: string, spec: QuerySpec = {}): Promise<QueryPage<T>> {
      assertCollection(collection);
      const { sql, params, ordered, fields } = buildQuery(
        collection,
        spec,
        undefined,
        indexFor,
        viaElements(collection, spec.where ?? []),
      );
      const rows = statement(sql).all(params) as QueryRow[];
      const limit = spec.limit;
      const hasMore = limit !== undefined && rows.length > limit;
      const pageRows = hasMore ? rows.slice(0, limit) : rows;
      const last = pageRows[pageRows.length - 1];
      const dataOf = (row: QueryRow) =>
        (fields
          ? fieldsOf(
              fields,
              fields.map((_, position) => row[`p${position}`]),
            )
          : JSON.parse(row.data!)) as T;
      return {
        items: pageRows.map((row) => ({ id: row.id, data: dataOf(row) })),
        nextCursor: hasMore && last ? encodeCursor(last, ordered) : null,
      };
    },
    async count(collection, where = []) {
      assertCollection(collection);
      const { sql, params } = countQuery(collection, where);
      const key = `${collection}\n${sql}\n${JSON.stringify(params)}`;
      const current = { generation: generations.get(collection) ?? 0, dataVersion: dataVersion.get() as number };
      const kept = cachedCounts.get(key);
      if (kept && kept.generation === current.generation && kept.dataVersion === current.dataVersion) return kept.n;
      const n = countRows(sql, params);
      cachedCounts.set(key, { ...current, n });
      return n;
    },
    async batch(operations: WriteOperation[]) {
      applyAll.immediate(operations.map(prepareWrite));
    },
    async transaction<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
      for (let attempt = 1; ; attempt++) {
        const attemptState = openTransaction(readRow, countRows, countQuery);
        let result: R;
        try {
          result = await work(attemptState.tx);
        } catch (error) {
          // Each read sees the latest commit, so a commit between two reads can show the work a view
          // that never existed: what it threw on such a view is not an answer, and it runs again.
          if (sawOneView.deferred([...attemptState.reads.values()], attemptState.counts) || attempt >= MAX_ATTEMPTS)
            throw error;
          await backoff(attempt);
          continue;
        } finally {
          attemptState.finish();
        }
        if (commit.immediate([...attemptState.reads.values()], attemptState.counts, attemptState.writes)) return result;
        if (attempt >= MAX_ATTEMPTS) throw new TransactionContentionError(attempt);
        await backoff(attempt);
      }
    },
    fillElements: () => elementFill.run(),
    serialize: () => db.serialize(),
    async close() {
      // No batch is in flight (each runs synchronously on this thread): the next one is cancelled.
      elementFill.stop();
      await checkpointer?.stop();
      db.close();
    },
  };
}

/** Opens `filename` read-only and returns the result of `PRAGMA integrity_check` ('ok' when healthy). */
export function runIntegrityCheck(filename: string): string {
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('\n');
  } finally {
    db.close();
  }
}

/**
 * WAL with synchronous NORMAL: a commit is written to the WAL (the OS has it before the call
 * returns) and synced to disk at checkpoints, not at each commit. An acknowledged save therefore
 * survives the process being killed (SIGKILL, a crash: the crash-recovery test), and the database
 * is never corrupted; only an operating-system crash or power loss can take back the last commits
 * since a checkpoint. The local runtime's store is a developer's machine or a single box; FULL
 * (an fsync per commit) cost most of a save's time. Checkpoints (which sync) run in a worker thread
 * of their own (sqlite-checkpointer.ts), not inside the commits that serve requests.
 */
export const SQLITE_SYNCHRONOUS = 'NORMAL';

export function openDatabase(filename: string | Buffer, verbose?: (sql: string) => void): Database.Database {
  if (typeof filename === 'string' && filename !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  }
  const db = new Database(filename, verbose ? { verbose: (sql) => verbose(String(sql)) } : {});
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  db.pragma('busy_timeout = 5000');
  db.exec(documentsTable('documents', 'IF NOT EXISTS'));
  withCurrentLayout(db);
  return db;
}

/**
 * The documents table has rowids. Without them (its first layout), SQLite reads each document an
 * index entry points at even for a count the index covers, so a count cost a pass over the JSON
 * of every counted document; with them, an index on the JSON fields answers it alone.
 *
 * A document is SQLite's binary JSON (JSONB) of the text JSON.stringify wrote (its second layout
 * kept that text). SQLite picks a field out of JSONB without parsing the rest of it, where a text
 * had to be parsed whole on each read: a dashboard row is about 14 KB, most of it the search tokens,
 * and its page reads a few fields of each row. Whole documents are read as text again (`json(data)`)
 * (docs/decisions/sqlite-jsonb-documents.md).
 */
const documentsTable = (name: string, ifNotExists = '') => `CREATE TABLE ${ifNotExists} ${name} (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data BLOB NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (collection, id)
  )`;

/**
 * Moves a file made with an earlier layout (WITHOUT ROWID, or documents as JSON text) to the
 * current one, in one transaction.
 */
function withCurrentLayout(db: Database.Database): void {
  const layout = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'documents'").pluck();
  const earlier = () => {
    const sql = String(layout.get());
    return /\bWITHOUT\s+ROWID\b/i.test(sql) || /\bdata\s+TEXT\b/i.test(sql);
  };
  if (!earlier()) return;
  db.transaction(() => {
    // Another process opening the file at the same time may have moved it already.
    if (!earlier()) return;
    // Its indexes go with the old table; applyIndexes creates them on the new one. jsonb() leaves
    // a document that is JSONB already as it is.
    db.exec('ALTER TABLE documents RENAME TO documents_earlier_layout');
    db.exec(documentsTable('documents'));
    db.exec(
      'INSERT INTO documents (collection, id, data, version) SELECT collection, id, jsonb(data), version FROM documents_earlier_layout',
    );
    db.exec('DROP TABLE documents_earlier_layout');
  }).immediate();
}

/**
 * Creates the declared indexes (unless 'on-first-query': see `createdOnFirstQuery`) and drops those
 * no declaration asks for any more; the same for the multi-valued indexes of array fields (their
 * triggers), recording a new one as to be filled from the stored documents (startElementFill fills
 * it after the store has opened).
 */
export function applyIndexes(
  db: Database.Database,
  indexes: IndexDeclarations,
  create: NonNullable<SqliteStoreOptions['createIndexes']> = 'at-open',
): { indexes: SqliteIndex[]; elements: SqliteElementIndex[] } {
  const wanted = sqliteIndexes(indexes);
  const elements = sqliteElementIndexes(indexes);
  const sqlByName = new Map(wanted.map((index) => [index.name, index.sql]));
  const existing = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND name LIKE 'ix\\_%' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string }[];
  const current = new Set(existing.filter(({ name, sql }) => sqlByName.get(name) === sql).map(({ name }) => name));
  db.transaction(() => {
    // An index no declaration asks for any more, or whose columns changed, goes.
    for (const { name } of existing) if (!current.has(name)) db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    if (create === 'at-open') for (const index of wanted) if (!current.has(index.name)) db.exec(index.sql);
    applyElementIndexes(db, elements);
  })();
  plannerStatistics(db);
  return { indexes: wanted, elements };
}

function applyElementIndexes(db: Database.Database, elements: SqliteElementIndex[]): void {
  db.exec(ELEMENTS_TABLE_SQL);
  db.exec(ELEMENT_FILLS_TABLE_SQL);
  const existing = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'documents' AND name LIKE 'ix\\_%' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string }[];
  const sqlByName = new Map(existing.map(({ name, sql }) => [name, sql]));
  const kept = new Set<string>();
  for (const index of elements) {
    if (index.triggers.every((trigger) => sqlByName.get(trigger.name) === trigger.sql)) {
      for (const trigger of index.triggers) kept.add(trigger.name);
    }
  }
  for (const { name } of existing) if (!kept.has(name)) db.exec(`DROP TRIGGER "${name.replaceAll('"', '""')}"`);
  // Elements of a field no longer declared, or whose triggers changed, go; a new one is filled.
  const current = new Set(elements.filter((index) => kept.has(index.triggers[0]!.name)).map((index) => index.clear));
  const declared = new Set(elements.map((index) => elementKey(index.collection, index.field)));
  const stored = db.prepare(`SELECT DISTINCT collection, field FROM ${ELEMENTS_TABLE}`).all() as {
    collection: string;
    field: string;
  }[];
  for (const { collection, field } of stored) {
    if (!declared.has(elementKey(collection, field))) {
      db.prepare(`DELETE FROM ${ELEMENTS_TABLE} WHERE collection = ? AND field = ?`).run(collection, field);
    }
  }
  const fills = db.prepare(`SELECT collection, field FROM ${ELEMENT_FILLS_TABLE}`).all() as {
    collection: string;
    field: string;
  }[];
  for (const { collection, field } of fills) {
    if (!declared.has(elementKey(collection, field))) {
      db.prepare(`DELETE FROM ${ELEMENT_FILLS_TABLE} WHERE collection = ? AND field = ?`).run(collection, field);
    }
  }
  // A new index (or one whose triggers changed) starts empty with its triggers installed, so every
  // write from now on keeps it; the documents stored before are filled later, in batches
  // (startElementFill). Triggers present without a fill row (a file filled at open, before fills
  // were recorded) mean a complete index.
  const pending = db.prepare(
    `INSERT INTO ${ELEMENT_FILLS_TABLE} (collection, field, after_id) VALUES (?, ?, '')
     ON CONFLICT (collection, field) DO UPDATE SET after_id = excluded.after_id`,
  );
  for (const index of elements) {
    if (current.has(index.clear)) continue;
    db.exec(index.clear);
    for (const trigger of index.triggers) db.exec(trigger.sql);
    pending.run(index.collection, index.field);
  }
}

/**
 * Fills the multi-valued indexes left pending at open from the documents stored before them, off
 * the request path: the store answers at once; until a field's fill is complete its array-contains
 * queries and counts walk the other fields' index (reading the documents, as before the element
 * table existed), after it they read the elements. Both give the same results.
 *
 * Each batch is one IMMEDIATE transaction over the next ELEMENT_FILL_BATCH documents of the
 * collection in primary-key order after the recorded position, reading their current data, and it
 * records the new position in the same transaction (a restart resumes there; the last batch removes
 * the fill row). Writes in between are exact without coordination: the triggers were installed
 * before any batch, so a document written since has its elements already (INSERT OR IGNORE makes a
 * batch reading it again harmless), a deleted one is not read by a later batch, and the triggers
 * take a filled one's old elements away when it changes. Another connection filling the same file
 * cooperates through the same row.
 *
 * Decision: the batches run on the request thread's own connection, one per timer turn with a pause
 * as long as the batch (requests are served in between), rather than in a worker thread with a
 * connection of its own (as the checkpointer): one implementation for files and in-memory databases
 * (which another connection cannot reach), a batch never overlaps a store transaction, and tests can
 * drive it. The cost: while the fill runs, a request's steps each may wait for a batch (bench:staff's
 * p50s were 12-43 ms during the fill, 9-17 ms after, on a loaded machine). A worker would leave
 * reads unblocked (WAL) and only writes waiting for a batch's lock; it is the next step if that cost
 * matters.
 */
function startElementFill(
  db: Database.Database,
  elements: SqliteElementIndex[],
  options: { batchDocuments: number; paused: boolean },
): { complete: Set<string>; run(): Promise<void>; stop(): void } {
  const position = db.prepare(`SELECT after_id FROM ${ELEMENT_FILLS_TABLE} WHERE collection = ? AND field = ?`).pluck();
  const key = (index: SqliteElementIndex) => elementKey(index.collection, index.field);
  const complete = new Set(
    elements.filter((index) => position.get(index.collection, index.field) === undefined).map(key),
  );
  const todo = elements.filter((index) => !complete.has(key(index)));
  const batchEnd = db
    .prepare('SELECT max(id) FROM (SELECT id FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ?)')
    .pluck();
  const advance = db.prepare(`UPDATE ${ELEMENT_FILLS_TABLE} SET after_id = ? WHERE collection = ? AND field = ?`);
  const finish = db.prepare(`DELETE FROM ${ELEMENT_FILLS_TABLE} WHERE collection = ? AND field = ?`);
  const fillBatches = new Map(todo.map((index) => [index, db.prepare(index.fillBatch)]));
  /** One batch of `index`'s fill; true once the fill is complete. */
  const step = db.transaction((index: SqliteElementIndex): boolean => {
    const after = position.get(index.collection, index.field) as string | undefined;
    // Completed by another connection to the file.
    if (after === undefined) return true;
    const upto = batchEnd.get(index.collection, after, options.batchDocuments) as string | null;
    if (upto === null) {
      finish.run(index.collection, index.field);
      return true;
    }
    fillBatches.get(index)!.run({ after, upto });
    advance.run(upto, index.collection, index.field);
    return false;
  });

  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const next = (delay: number) => {
    timer = setTimeout(turn, delay);
    // A store left open does not keep the process alive for its fill.
    timer.unref();
  };
  const turn = () => {
    timer = undefined;
    const index = todo[0];
    if (stopped || !index) {
      settle();
      return;
    }
    try {
      const began = performance.now();
      if (step.immediate(index)) {
        complete.add(key(index));
        todo.shift();
      }
      // As long a pause as the batch took: the fill takes at most half of the request thread.
      next(performance.now() - began);
    } catch (error) {
      // Nothing is lost (the batch rolled back; queries keep walking the index): retried later.
      // SQLITE_BUSY: another process held the write lock past busy_timeout.
      process.emitWarning(`Filling the ${ELEMENTS_TABLE} of ${key(index)}: ${String(error)}`);
      next(1000);
    }
  };
  const run = () => {
    if (!started && !stopped) {
      started = true;
      next(0);
    }
    return done;
  };
  if (!options.paused) void run();
  return {
    complete,
    run,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      settle();
    },
  };
}

/**
 * Without statistics SQLite's planner takes the primary key's collection prefix for as selective as
 * an index's field, and prefers it (it needs no lookup and yields id order), reading a whole
 * collection. Fixed statistics say what holds for any portal: a collection has many documents and
 * an equality on an indexed field selects few. ANALYZE is never run, so the plans do not change
 * with the data.
 */
function plannerStatistics(db: Database.Database): void {
  // Creates sqlite_stat1 when missing (analysing only the tiny schema table).
  db.exec('ANALYZE sqlite_schema');
  const primaryKey = db.prepare("SELECT name FROM pragma_index_list('documents') WHERE origin = 'pk'").get() as {
    name: string;
  };
  const names = db.prepare("SELECT name FROM pragma_index_list('documents') WHERE origin = 'c'").all() as {
    name: string;
  }[];
  const indexes = names.map(({ name }) => ({
    name,
    columns: (db.prepare('SELECT count(*) AS n FROM pragma_index_info(?)').get(name) as { n: number }).n,
  }));
  db.transaction(() => {
    db.prepare("DELETE FROM sqlite_stat1 WHERE tbl = 'documents'").run();
    const insert = db.prepare("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('documents', ?, ?)");
    insert.run(primaryKey.name, '1000000 100000 1');
    for (const { name, columns } of indexes) insert.run(name, indexStatistic(columns));
  })();
  // Loads the statistics into the planner.
  db.exec('ANALYZE sqlite_schema');
}

/** A collection's index: its rows, then about ten documents per value of each field, one per id. */
const indexStatistic = (columns: number) => ['100000', ...Array(columns - 1).fill('10'), '1'].join(' ');

/**
 * The index a query's shape runs through, created first if the database lacks it, with its planner
 * statistic (the store was opened with `createIndexes: 'on-first-query'`, or from such a store's
 * image). Whether it exists is asked of the database each time, not remembered: an index created
 * inside a transaction that then rolls back is gone again.
 */
function createdOnFirstQuery(db: Database.Database, indexes: readonly SqliteIndex[]): IndexFor {
  const chooser = indexChooser(indexes);
  const sqlByName = new Map(indexes.map((index) => [index.name, index.sql]));
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").pluck();
  const columns = db.prepare('SELECT count(*) FROM pragma_index_info(?)').pluck();
  const insert = db.prepare("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('documents', ?, ?)");
  const create = db.transaction((name: string) => {
    db.exec(sqlByName.get(name)!);
    insert.run(name, indexStatistic(columns.get(name) as number));
  });
  return (shape) => {
    const name = chooser(shape);
    if (name && !exists.get(name)) {
      create(name);
      db.exec('ANALYZE sqlite_schema');
    }
    return name;
  };
}

function openTransaction(
  readRow: (collection: string, id: string) => Row | undefined,
  countRows: (sql: string, params: SqlParams) => number,
  countQuery: (collection: string, where: EqualityFilter[]) => { sql: string; params: SqlParams },
) {
  const reads = new Map<string, ReadRecord>();
  const counts: CountRecord[] = [];
  const handle = openTransactionHandle(
    prepareWrite,
    async (collection, id) => {
      const key = `${collection}/${id}`;
      let record = reads.get(key);
      if (!record) {
        const row = readRow(collection, id);
        record = { collection, id, version: row?.version ?? 0, data: row?.data ?? null };
        reads.set(key, record);
      }
      return record.data === null ? null : rawDocument(record.data);
    },
    async (collection, where) => {
      const { sql, params } = countQuery(collection, where);
      const n = countRows(sql, params);
      counts.push({ sql, params, n });
      return n;
    },
  );
  return { ...handle, reads, counts };
}

/**
 * A stored document's JSON is its own token: unlike the version column, which starts again at 1
 * when a document is deleted and created again, it changes with every change of the document.
 */
function rawDocument(json: string): RawDocument {
  return { token: json, decode: () => JSON.parse(json) as DocumentData };
}

function prepareWrite(operation: WriteOperation): PreparedWrite {
  const { collection, id } = operation;
  assertKey(collection, id);
  switch (operation.kind) {
    case 'create':
    case 'set': {
      const json = serializeDocument(operation.data);
      const bytes = writeSize({ kind: operation.kind, collection, id, data: JSON.parse(json) as DocumentData });
      return { kind: operation.kind, collection, id, json, bytes };
    }
    case 'update': {
      const patchJson = serializeDocument(operation.patch);
      const bytes = writeSize({ kind: 'update', collection, id, patch: JSON.parse(patchJson) as DocumentData });
      return { kind: 'update', collection, id, patchJson, bytes };
    }
    case 'delete':
      return { kind: 'delete', collection, id, bytes: writeSize({ kind: 'delete', collection, id }) };
    default:
      throw new TypeError(`Unknown write operation ${JSON.stringify(operation)}`);
  }
}

function serializeDocument(data: DocumentData): string {
  assertPlainDocument(data);
  return JSON.stringify(data);
}

/** Jittered, so transactions that collided do not collide again in lockstep. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(100, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
