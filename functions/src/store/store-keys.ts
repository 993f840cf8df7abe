import { nameProblem } from './store-limits';

/** What every storage adapter accepts as a collection, a document id, a field path and a document. */

const FIELD_PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

const isPathSegment = (text: unknown): text is string =>
  typeof text === 'string' && text !== '' && !text.includes('/') && text !== '.' && text !== '..';

const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

export function assertCollection(collection: string): void {
  if (!isPathSegment(collection)) throw new Error(`Invalid collection name ${quoted(collection)}`);
  const problem = nameProblem(collection);
  if (problem) throw new Error(`Invalid collection name ${quoted(collection)}: it ${problem}`);
}

export function assertKey(collection: string, id: string): void {
  assertCollection(collection);
  if (!isPathSegment(id)) throw new Error(`Invalid document id ${quoted(id)}`);
  const problem = nameProblem(id);
  if (problem) throw new Error(`Invalid document id ${quoted(id)}: it ${problem}`);
}

/** A dotted field path ("a.b_c-1"), split into its segments. */
export function fieldSegments(field: string): string[] {
  if (typeof field !== 'string' || !FIELD_PATH.test(field)) {
    throw new Error(`Invalid field path ${JSON.stringify(field)}`);
  }
  return field.split('.');
}

/** `getAll`'s `fields`: top-level field names (a field mask of dotted paths is not needed yet). */
export function assertTopLevelFields(fields: readonly string[]): void {
  for (const field of fields) {
    if (fieldSegments(field).length !== 1) throw new Error(`Not a top-level field ${JSON.stringify(field)}`);
  }
}

/** A query's `fields` with the top-level field it is ordered by (its cursor names that value). */
export function queryFields(fields: readonly string[], orderBy: string | undefined): string[] {
  assertTopLevelFields(fields);
  const ordered = orderBy === undefined ? [] : [fieldSegments(orderBy)[0]!];
  return [...new Set([...fields, ...ordered])];
}

/** The document with those of its top-level fields only (as Firestore's field mask answers it). */
export function withFieldsOnly(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(data, field)) kept[field] = data[field];
  return kept;
}

export function assertPlainDocument(data: unknown): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new TypeError('Document data must be a plain object');
  }
}
