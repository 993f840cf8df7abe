import type { EqualityFilter, FieldValue, QuerySpec } from './document-store';
import { decodeCursorJson, encodeCursorJson } from './store-cursor';
import { fieldSegments } from './store-keys';

/** How the SQLite adapter turns the port's queries into SQL over JSON documents, and its cursors. */

export interface QueryRow {
  id: string;
  data: string;
  sort_rank?: number;
  sort_value?: number | string;
}

interface Cursor {
  id: string;
  t?: number;
  v?: number | string;
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

export function buildQuery(collection: string, spec: QuerySpec, counting?: string) {
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
