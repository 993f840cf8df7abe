import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { isRangeFilter, type EqualityFilter, type FieldValue, type QuerySpec } from './document-store';
import { decodeCursorJson, encodeCursorJson } from './store-cursor';
import { fieldSegments, queryFields } from './store-keys';

/** How the Firestore adapter turns the port's queries into Firestore queries, and its cursors. */

/** What a cursor holds: the last document's id and, for an ordered query, its ordered value. */
export interface FirestoreCursor {
  id: string;
  v?: unknown;
}

function fieldPath(field: string): FieldPath {
  return new FieldPath(...fieldSegments(field));
}

function filterValue(value: FieldValue): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Invalid filter value ${JSON.stringify(value)}`);
}

export function applyFilters(query: Query, where: EqualityFilter[]): Query {
  if (!Array.isArray(where)) throw new Error('Query filters must be an array');
  if (where.filter((filter) => filter.op === 'array-contains').length > 1) {
    throw new Error('A query may have at most one array-contains filter');
  }
  rangeField(where);
  return where.reduce((current, filter) => {
    const path = fieldPath(filter.field);
    const value = filterValue(filter.value);
    const op = filter.op ?? '==';
    if (op === '==') return current.where(path, '==', value);
    if (isRangeFilter(filter)) {
      if (typeof value !== 'number' && typeof value !== 'string')
        throw new Error('A range filter takes a number or a string');
      return current.where(path, filter.op, value);
    }
    if (op !== 'array-contains') throw new Error(`Invalid filter operator ${JSON.stringify(op)}`);
    if (value === null) throw new Error('Firestore cannot match null with array-contains');
    return current.where(path, 'array-contains', value);
  }, query);
}

/** The one field the range filters are on, if any (a query takes them on one field only). */
export function rangeField(where: readonly EqualityFilter[]): string | null {
  const fields = new Set(where.filter(isRangeFilter).map((filter) => filter.field));
  if (fields.size > 1) throw new Error('A query may have range filters on one field only');
  return [...fields][0] ?? null;
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
  const range = rangeField(spec.where ?? []);
  if (range !== null && spec.orderBy?.field !== range)
    throw new Error('A query with a range filter orders by its field');
  const orderPath = spec.orderBy ? fieldPath(spec.orderBy.field) : null;
  // Firestore leaves out documents lacking the ordered field, and orders across types itself.
  if (orderPath) query = query.orderBy(orderPath, direction);
  // Ties (or everything, without an order) by document id, in the same direction: explicit, so cursors can name it.
  query = query.orderBy(FieldPath.documentId(), direction);

  if (spec.after !== undefined) {
    const cursor = decodeCursor(spec.after, orderPath !== null);
    query = orderPath ? query.startAfter(cursor.v, cursor.id) : query.startAfter(cursor.id);
  } else if (spec.startAfter !== undefined) {
    if (!orderPath) throw new Error('startAfter needs an ordered query');
    query = query.startAfter(filterValue(spec.startAfter.value), spec.startAfter.id);
  }
  if (spec.fields !== undefined) query = query.select(...queryFields(spec.fields, spec.orderBy?.field));
  if (spec.limit !== undefined) {
    if (!Number.isInteger(spec.limit) || spec.limit < 1) throw new Error(`Invalid query limit ${spec.limit}`);
    // One extra document tells whether another page follows.
    query = query.limit(spec.limit + 1);
  }
  return { query, orderPath };
}

export const encodeCursor = (cursor: FirestoreCursor): string => encodeCursorJson(cursor);

export function decodeCursor(text: string, ordered: boolean): FirestoreCursor {
  return decodeCursorJson(text, (value): value is FirestoreCursor => isCursor(value, ordered));
}

function isCursor(value: unknown, ordered: boolean): value is FirestoreCursor {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  const { id } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || id.includes('/') || id === '.' || id === '..') return false;
  // An ordered query's cursor carries the ordered value (null included); an unordered one carries only the id.
  return ordered ? keys.length === 2 && keys[0] === 'id' && keys[1] === 'v' : keys.length === 1;
}
