import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
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
import { assertCommitFits, assertDocumentFits, writeSize } from './store-limits';

const MAX_ATTEMPTS = 10;
const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

interface Row {
  data: string;
  version: number;
}

interface QueryRow {
  id: string;
  data: string;
  sort_rank?: number;
  sort_value?: number | string;
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

interface Cursor {
  id: string;
  t?: number;
  v?: number | string;
}

export function createSqliteStore(options: { filename: string }): DocumentStore {
  const db = openDatabase(options.filename);
  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let cached = statements.get(sql);
    if (!cached) {
      cached = db.prepare(sql);
      statements.set(sql, cached);
    }
    return cached;
  };

  const readRow = (collection: string, id: string): Row | undefined =>
    statement('SELECT data, version FROM documents WHERE collection = ? AND id = ?').get(collection, id) as
      Row | undefined;

  const applyWrite = (write: PreparedWrite): void => {
    const { collection, id } = write;
    switch (write.kind) {
      case 'create': {
        const result = statement(
          'INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, 1) ON CONFLICT DO NOTHING',
        ).run(collection, id, write.json);
        if (result.changes === 0) throw new DocumentExistsError(collection, id);
        return;
      }
      case 'set':
        statement(
          `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, 1)
           ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = version + 1`,
        ).run(collection, id, write.json);
        return;
      case 'update': {
        const row = readRow(collection, id);
        if (!row) throw new DocumentNotFoundError(collection, id);
        const merged = { ...(JSON.parse(row.data) as DocumentData), ...(JSON.parse(write.patchJson) as DocumentData) };
        assertDocumentFits(collection, id, merged);
        statement('UPDATE documents SET data = ?, version = version + 1 WHERE collection = ? AND id = ?').run(
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

  /** Returns false, applying nothing, when a document read by the transaction has changed since. */
  const commit = db.transaction((reads: ReadRecord[], writes: PreparedWrite[]): boolean => {
    assertCommitFits(writes.map((write) => write.bytes));
    for (const read of reads) {
      const row = readRow(read.collection, read.id);
      // Comparing the data too closes the delete-then-recreate hole where a version restarts at 1.
      if ((row?.version ?? 0) !== read.version || (row?.data ?? null) !== read.data) return false;
    }
    for (const write of writes) applyWrite(write);
    return true;
  });

  return {
    async get<T extends DocumentData>(collection: string, id: string): Promise<T | null> {
      assertKey(collection, id);
      const row = readRow(collection, id);
      return row ? (JSON.parse(row.data) as T) : null;
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
      const { sql, params, ordered } = buildQuery(collection, spec);
      const rows = statement(sql).all(params) as QueryRow[];
      const limit = spec.limit;
      const hasMore = limit !== undefined && rows.length > limit;
      const pageRows = hasMore ? rows.slice(0, limit) : rows;
      const last = pageRows[pageRows.length - 1];
      return {
        items: pageRows.map((row) => ({ id: row.id, data: JSON.parse(row.data) as T })),
        nextCursor: hasMore && last ? encodeCursor(last, ordered) : null,
      };
    },
    async count(collection, where = []) {
      assertCollection(collection);
      const { sql, params } = buildQuery(collection, { where }, 'count(*) AS n');
      return (statement(sql).get(params) as { n: number }).n;
    },
    async batch(operations: WriteOperation[]) {
      applyAll.immediate(operations.map(prepareWrite));
    },
    async transaction<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
      for (let attempt = 1; ; attempt++) {
        const attemptState = openTransaction(readRow);
        let result: R;
        try {
          result = await work(attemptState.tx);
        } finally {
          attemptState.finish();
        }
        if (commit.immediate([...attemptState.reads.values()], attemptState.writes)) return result;
        if (attempt >= MAX_ATTEMPTS) throw new TransactionContentionError(attempt);
        await backoff(attempt);
      }
    },
    async close() {
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

function openDatabase(filename: string): Database.Database {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID`);
  return db;
}

function openTransaction(readRow: (collection: string, id: string) => Row | undefined) {
  const reads = new Map<string, ReadRecord>();
  const writes: PreparedWrite[] = [];
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
      const key = `${collection}/${id}`;
      let record = reads.get(key);
      if (!record) {
        const row = readRow(collection, id);
        record = { collection, id, version: row?.version ?? 0, data: row?.data ?? null };
        reads.set(key, record);
      }
      return record.data === null ? null : (JSON.parse(record.data) as T);
    },
    create: (collection, id, data) => write({ kind: 'create', collection, id, data }),
    set: (collection, id, data) => write({ kind: 'set', collection, id, data }),
    update: (collection, id, patch) => write({ kind: 'update', collection, id, patch }),
    delete: (collection, id) => write({ kind: 'delete', collection, id }),
  };
  return {
    tx,
    reads,
    writes,
    finish: () => {
      open = false;
    },
  };
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

function jsonPath(field: string): string {
  return `$.${fieldSegments(field)
    .map((segment) => `"${segment}"`)
    .join('.')}`;
}

// Mirrors Firestore's cross-type order: null < booleans < numbers < strings < arrays < maps.
const SORT_RANK = `CASE json_type(data, @order)
  WHEN 'null' THEN 0 WHEN 'false' THEN 1 WHEN 'true' THEN 1
  WHEN 'integer' THEN 2 WHEN 'real' THEN 2 WHEN 'text' THEN 3 WHEN 'array' THEN 4 ELSE 5 END`;
// JSON null has no comparable SQL value; rank 0 already separates it, so any constant works.
const SORT_VALUE = 'coalesce(json_extract(data, @order), 0)';

function buildQuery(collection: string, spec: QuerySpec, counting?: string) {
  const params: Record<string, string | number> = { collection };
  const conditions = ['collection = @collection'];
  const where = spec.where ?? [];
  if (where.filter((filter) => filter.op === 'array-contains').length > 1) {
    throw new Error('A query may have at most one array-contains filter');
  }
  where.forEach((filter, index) => conditions.push(filterCondition(filter, index, params)));
  if (counting) {
    return { sql: `SELECT ${counting} FROM documents WHERE ${conditions.join(' AND ')}`, params, ordered: false };
  }

  const ordered = spec.orderBy !== undefined;
  const requested = spec.orderBy?.direction ?? 'asc';
  if (requested !== 'asc' && requested !== 'desc') {
    throw new Error(`Invalid order direction ${JSON.stringify(requested)}`);
  }
  const comparison = requested === 'desc' ? '<' : '>';
  const direction = requested === 'desc' ? 'DESC' : 'ASC';
  let columns = 'id, data';
  let orderBy = 'id ASC';
  if (spec.orderBy) {
    params.order = jsonPath(spec.orderBy.field);
    columns += `, ${SORT_RANK} AS sort_rank, ${SORT_VALUE} AS sort_value`;
    // Like Firestore, ordering by a field leaves out documents that lack it.
    conditions.push('json_type(data, @order) IS NOT NULL');
    orderBy = `sort_rank ${direction}, sort_value ${direction}, id ${direction}`;
  }

  if (spec.after !== undefined) {
    const cursor = decodeCursor(spec.after, ordered);
    params.cursorId = cursor.id;
    if (cursor.t !== undefined && cursor.v !== undefined) {
      params.cursorRank = cursor.t;
      params.cursorValue = cursor.v;
      conditions.push(`(${SORT_RANK}, ${SORT_VALUE}, id) ${comparison} (@cursorRank, @cursorValue, @cursorId)`);
    } else {
      conditions.push('id > @cursorId');
    }
  }

  let sql = `SELECT ${columns} FROM documents WHERE ${conditions.join(' AND ')} ORDER BY ${orderBy}`;
  if (spec.limit !== undefined) {
    if (!Number.isInteger(spec.limit) || spec.limit < 1) throw new Error(`Invalid query limit ${spec.limit}`);
    // One extra row tells whether another page follows.
    params.limit = spec.limit + 1;
    sql += ' LIMIT @limit';
  }
  return { sql, params, ordered };
}

function filterCondition(filter: EqualityFilter, index: number, params: Record<string, string | number>): string {
  params[`field${index}`] = jsonPath(filter.field);
  const op = filter.op ?? '==';
  if (op === '==') return valueCondition(`data, @field${index}`, filter.value, index, params);
  if (op !== 'array-contains') throw new Error(`Invalid filter operator ${JSON.stringify(op)}`);
  // json_each yields each element's type and value; EXISTS stops at the first match.
  const element = valueCondition('', filter.value, index, params, true);
  return `json_type(data, @field${index}) = 'array' AND EXISTS (SELECT 1 FROM json_each(data, @field${index}) WHERE ${element})`;
}

/** The condition that a JSON value (a field of `data`, or a json_each element) equals `expected`, type included. */
function valueCondition(
  target: string,
  expected: FieldValue,
  index: number,
  params: Record<string, string | number>,
  element = false,
): string {
  const type = element ? 'type' : `json_type(${target})`;
  const extracted = element ? 'value' : `json_extract(${target})`;
  const value = `@value${index}`;
  if (expected === null) return `${type} = 'null'`;
  switch (typeof expected) {
    case 'boolean':
      params[`value${index}`] = expected ? 'true' : 'false';
      return `${type} = ${value}`;
    case 'number':
      if (!Number.isFinite(expected)) throw new Error(`Invalid filter value ${expected}`);
      params[`value${index}`] = expected;
      return `${type} IN ('integer', 'real') AND ${extracted} = ${value}`;
    case 'string':
      params[`value${index}`] = expected;
      return `${type} = 'text' AND ${extracted} = ${value}`;
    default:
      throw new Error(`Invalid filter value ${JSON.stringify(expected)}`);
  }
}

function encodeCursor(row: QueryRow, ordered: boolean): string {
  const cursor: Cursor = ordered ? { id: row.id, t: row.sort_rank, v: row.sort_value } : { id: row.id };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, ordered: boolean): Cursor {
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

function isCursor(value: unknown, ordered: boolean): value is Cursor {
  if (typeof value !== 'object' || value === null) return false;
  const { id, t, v } = value as Record<string, unknown>;
  if (typeof id !== 'string') return false;
  if (!ordered) return t === undefined && v === undefined;
  return Number.isInteger(t) && (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}

/** Jittered, so transactions that collided do not collide again in lockstep. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(100, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
