import {
  isRangeFilter,
  type DocumentData,
  type EqualityFilter,
  type FieldValue,
  type QuerySpec,
} from './document-store';
import { decodeCursorJson, encodeCursorJson } from './store-cursor';
import { fieldSegments, queryFields } from './store-keys';

/** How the SQLite adapter turns the port's queries into SQL over JSON documents, and its cursors. */

/** A statement's named parameters. */
export type SqlParams = Record<string, string | number | Buffer>;

export interface QueryRow {
  id: string;
  /** The document as JSON text (`json(data)`); absent when only some fields were asked for (`p0`, `p1`, …). */
  data?: string;
  /** With `fields`: each field's JSON text, in their order (`fieldsOf`). */
  [field: `p${number}`]: string | null | undefined;
  sort_rank?: number;
  sort_value?: number | string;
}

interface Cursor {
  id: string;
  t?: number;
  v?: number | string;
}

/** A SQL string literal. */
export const sqlLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * The JSON path of a field as a SQL literal. Paths and the collection are written into the SQL,
 * not bound: SQLite uses an expression or partial index only when the query's expression is the
 * index's, literally (see sqlite-indexes.ts).
 */
export function jsonPath(field: string): string {
  return sqlLiteral(
    `$.${fieldSegments(field)
      .map((segment) => `"${segment}"`)
      .join('.')}`,
  );
}

/** Mirrors Firestore's cross-type order: null < booleans < numbers < strings < arrays < maps. */
export const sortRank = (path: string): string => `CASE json_type(data, ${path})
  WHEN 'null' THEN 0 WHEN 'false' THEN 1 WHEN 'true' THEN 1
  WHEN 'integer' THEN 2 WHEN 'real' THEN 2 WHEN 'text' THEN 3 WHEN 'array' THEN 4 ELSE 5 END`;
/** JSON null has no comparable SQL value; its rank already separates it, so any constant works. */
export const sortValue = (path: string): string => `coalesce(json_extract(data, ${path}), 0)`;
export const extracted = (path: string): string => `json_extract(data, ${path})`;

/** A query's shape: its collection, its equality fields in any order, and its ordered field. */
export const queryShape = (collection: string, equality: readonly string[], ordered: string | undefined): string =>
  JSON.stringify([collection, [...new Set(equality)].sort(), ordered ?? null]);

/** The multi-valued index of array elements (see sqlite-indexes.ts): one row per distinct element of each declared array field. */
export const ELEMENTS_TABLE = 'document_elements';
/** How an array field with a multi-valued index is named. */
export const elementKey = (collection: string, field: string): string => JSON.stringify([collection, field]);
/** The primary key's index of `documents` (collection, id): how a query through the elements reads its documents. */
export const PRIMARY_KEY_INDEX = 'sqlite_autoindex_documents_1';

/** The name of the index made for a query shape (see sqlite-indexes.ts), if there is one. */
export type IndexFor = (shape: string) => string | undefined;

/** The table, pinned to the index made for the query's shape: the planner would sometimes sort instead. */
function source(collection: string, spec: QuerySpec, indexFor: IndexFor | undefined, viaElements: boolean): string {
  if (viaElements) return `documents INDEXED BY "${PRIMARY_KEY_INDEX}"`;
  const equality = (spec.where ?? []).filter((filter) => (filter.op ?? '==') === '==').map((filter) => filter.field);
  // A range is read from the index of its field's order (a count has the range but no order).
  const orderField = spec.orderBy?.field ?? (spec.where ?? []).find(isRangeFilter)?.field;
  const ordered = orderField && !equality.includes(orderField) ? orderField : undefined;
  const index = equality.length > 0 || ordered ? indexFor?.(queryShape(collection, equality, ordered)) : undefined;
  return index ? `documents INDEXED BY "${index}"` : 'documents';
}

/**
 * The SQL of a query or (with `counting`, the selected columns) a count. `viaElements`: the
 * array-contains filter reads the documents holding the element from the field's multi-valued
 * index (their few rows, then sorted) instead of filtering the rows an index on the other fields
 * yields (which stops after a page when the element is common, but reads every row when it is rare);
 * the store chooses (see `elementProbe`). Both give the same rows in the same order.
 */
export function buildQuery(
  collection: string,
  spec: QuerySpec,
  counting?: string,
  indexFor?: IndexFor,
  viaElements = false,
) {
  const params: SqlParams = {};
  const conditions = [`collection = ${sqlLiteral(collection)}`];
  const where = spec.where ?? [];
  if (where.filter((filter) => filter.op === 'array-contains').length > 1) {
    throw new Error('A query may have at most one array-contains filter');
  }
  const ranges = new Set(where.filter(isRangeFilter).map((filter) => filter.field));
  if (ranges.size > 1) throw new Error('A query may have range filters on one field only');
  if (!counting && ranges.size > 0 && !ranges.has(spec.orderBy?.field ?? '')) {
    throw new Error('A query with a range filter orders by its field');
  }
  where.forEach((filter, index) =>
    conditions.push(
      viaElements && filter.op === 'array-contains'
        ? elementCondition(collection, filter, index, params)
        : filterCondition(filter, index, params),
    ),
  );
  if (counting) {
    const from = source(collection, { where }, indexFor, viaElements);
    return {
      sql: `SELECT ${counting} FROM ${from} WHERE ${conditions.join(' AND ')}`,
      params,
      ordered: false,
      fields: undefined,
    };
  }

  const ordered = spec.orderBy !== undefined;
  const requested = spec.orderBy?.direction ?? 'asc';
  if (requested !== 'asc' && requested !== 'desc') {
    throw new Error(`Invalid order direction ${JSON.stringify(requested)}`);
  }
  const comparison = requested === 'desc' ? '<' : '>';
  const direction = requested === 'desc' ? 'DESC' : 'ASC';
  // With `fields`, SQLite picks those out of each document (its JSONB, without reading the rest)
  // instead of the whole document being parsed in JavaScript to keep them (`fieldsOf`).
  const fields = spec.fields && queryFields(spec.fields, spec.orderBy?.field);
  let columns = fields
    ? ['id', ...fields.map((field, position) => `data -> ${jsonPath(field)} AS p${position}`)].join(', ')
    : 'id, json(data) AS data';
  let orderBy = 'id ASC';
  let rank = '';
  let value = '';
  if (spec.orderBy) {
    const path = jsonPath(spec.orderBy.field);
    rank = sortRank(path);
    value = sortValue(path);
    columns += `, ${rank} AS sort_rank, ${value} AS sort_value`;
    // Like Firestore, ordering by a field leaves out documents that lack it.
    conditions.push(`json_type(data, ${path}) IS NOT NULL`);
    // With a range on the field, its rank is the bound's (`filterCondition`): ordered by the value and
    // id alone, which SQLite reads off the index in order (it does not see an expression held constant).
    orderBy = ranges.has(spec.orderBy.field)
      ? `${value} ${direction}, id ${direction}`
      : `${rank} ${direction}, ${value} ${direction}, id ${direction}`;
  }

  const cursor =
    spec.after !== undefined ? decodeCursor(spec.after, ordered) : spec.startAfter && positionCursor(spec.startAfter);
  if (spec.startAfter !== undefined && !ordered) throw new Error('startAfter needs an ordered query');
  if (cursor) {
    params.cursorId = cursor.id;
    if (cursor.t !== undefined && cursor.v !== undefined) {
      params.cursorRank = cursor.t;
      params.cursorValue = cursor.v;
      conditions.push(`(${rank}, ${value}, id) ${comparison} (@cursorRank, @cursorValue, @cursorId)`);
    } else {
      conditions.push('id > @cursorId');
    }
  }

  let sql = `SELECT ${columns} FROM ${source(collection, spec, indexFor, viaElements)} WHERE ${conditions.join(' AND ')} ORDER BY ${orderBy}`;
  if (spec.limit !== undefined) {
    if (!Number.isInteger(spec.limit) || spec.limit < 1) throw new Error(`Invalid query limit ${spec.limit}`);
    // One extra row tells whether another page follows. Written into the SQL, not bound: knowing it,
    // the planner walks an index in order and stops rather than sorting the collection.
    sql += ` LIMIT ${spec.limit + 1}`;
  }
  return { sql, params, ordered, fields };
}

/**
 * The document of a row read with only some of its top-level fields (`data -> path` of each, in
 * `fields`' order: its JSON text, or SQL NULL where the document has no such field; a stored null
 * is the text 'null'), as Firestore's field mask answers it.
 */
export function fieldsOf(fields: readonly string[], values: readonly unknown[]): DocumentData {
  const data: DocumentData = {};
  fields.forEach((field, position) => {
    const value = values[position];
    if (typeof value === 'string') data[field] = JSON.parse(value) as unknown;
  });
  return data;
}

/** A position (`QuerySpec.startAfter`) as the cursor of a row holding that value: its rank and value as the order reads them. */
function positionCursor({ value, id }: NonNullable<QuerySpec['startAfter']>): Cursor {
  if (typeof id !== 'string') throw new Error('Invalid startAfter id');
  if (value === null) return { id, t: 0, v: 0 };
  if (typeof value === 'boolean') return { id, t: 1, v: value ? 1 : 0 };
  if (typeof value === 'number' && Number.isFinite(value)) return { id, t: 2, v: value };
  if (typeof value === 'string') return { id, t: 3, v: value };
  throw new Error(`Invalid startAfter value ${JSON.stringify(value)}`);
}

const SQL_RANGE = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

function filterCondition(filter: EqualityFilter, index: number, params: SqlParams): string {
  const path = jsonPath(filter.field);
  const op = filter.op ?? '==';
  if (op === '==') return valueCondition(`data, ${path}`, filter.value, index, params);
  if (isRangeFilter(filter)) {
    // Firestore's rule: a range matches values of its bound's type only. Written as the order's
    // rank and value, so the index of the field's order serves it (sqlite-indexes.ts).
    const { value } = filter;
    if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new Error('A range filter takes a number or a string');
    }
    params[`value${index}`] = value;
    return `${sortRank(path)} = ${typeof value === 'number' ? 2 : 3} AND ${sortValue(path)} ${SQL_RANGE[filter.op]} @value${index}`;
  }
  if (op !== 'array-contains') throw new Error(`Invalid filter operator ${JSON.stringify(op)}`);
  // json_each yields each element's type and value; EXISTS stops at the first match.
  const element = valueCondition('', filter.value, index, params, true);
  const contains = `json_type(data, ${path}) = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ${path}) WHERE ${element})`;
  if (typeof filter.value !== 'string') return contains;
  // Every document is stored as SQLite's JSONB of the text JSON.stringify wrote, which keeps a
  // string's characters as that text had them, escapes included: looking for those bytes first
  // spares reading the documents that cannot match (most, in a search). Only a prefilter: the
  // element test decides. (A boolean or null in JSONB is a type byte with no text to look for.)
  params[`text${index}`] = Buffer.from(JSON.stringify(filter.value).slice(1, -1));
  return `instr(data, @text${index}) > 0 AND ${contains}`;
}

/** The documents whose array `filter.field` holds the value, from its multi-valued index (the triggers keep it exact). */
function elementCondition(collection: string, filter: EqualityFilter, index: number, params: SqlParams): string {
  return `id IN (SELECT doc FROM ${elementsMatching(collection, filter, index, params)})`;
}

const elementsMatching = (collection: string, filter: EqualityFilter, index: number, params: SqlParams): string =>
  `${ELEMENTS_TABLE} WHERE collection = ${sqlLiteral(collection)} AND field = ${sqlLiteral(filter.field)} AND ${valueCondition(
    '',
    filter.value,
    index,
    params,
    true,
  )}`;

/**
 * Counts the documents holding an array-contains filter's element (of every document of the
 * collection, whatever the other filters), up to `limit`: from the multi-valued index alone.
 */
export function elementProbe(collection: string, filter: EqualityFilter, limit: number) {
  const params: SqlParams = {};
  const from = elementsMatching(collection, filter, 0, params);
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${limit})`, params };
}

/** The condition that a JSON value (a field of `data`, or a json_each element) equals `expected`, type included. */
function valueCondition(
  target: string,
  expected: FieldValue,
  index: number,
  params: SqlParams,
  element = false,
): string {
  const type = element ? 'type' : `json_type(${target})`;
  const extracted = element ? 'value' : `json_extract(${target})`;
  const value = `@value${index}`;
  if (expected === null) return `${type} = 'null'`;
  switch (typeof expected) {
    case 'boolean':
      params[`value${index}`] = expected ? 'true' : 'false';
      // json_extract gives 1 or 0 for a boolean: an index on the field serves the second condition.
      return element ? `${type} = ${value}` : `${type} = ${value} AND ${extracted} = ${expected ? 1 : 0}`;
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

export function encodeCursor(row: QueryRow, ordered: boolean): string {
  return encodeCursorJson(ordered ? { id: row.id, t: row.sort_rank, v: row.sort_value } : { id: row.id });
}

function decodeCursor(text: string, ordered: boolean): Cursor {
  return decodeCursorJson(text, (value): value is Cursor => isCursor(value, ordered));
}

function isCursor(value: unknown, ordered: boolean): value is Cursor {
  if (typeof value !== 'object' || value === null) return false;
  const { id, t, v } = value as Record<string, unknown>;
  if (typeof id !== 'string') return false;
  if (!ordered) return t === undefined && v === undefined;
  return Number.isInteger(t) && (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}
