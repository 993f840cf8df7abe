import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRangeFilter, type EqualityFilter, type QuerySpec } from './document-store';

/**
 * Firestore's composite-index rule, as firestore.indexes.json declares the indexes. Production
 * Firestore refuses a query whose index is missing (FAILED_PRECONDITION); the emulator serves any
 * query, so under the emulator the adapter checks each query here and refuses it the same way.
 */

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}
/**
 * A single-field declaration. Firestore indexes every field by itself unasked; the portal declares
 * the fields its queries use alone (an equality, or an order) with exactly Firestore's default
 * modes, which changes nothing in Firestore and tells the SQLite adapter what to index. Two other
 * shapes: an array field searched alone (one array-contains, nothing else) with `CONTAINS` only,
 * its elements indexed (a multi-valued index in SQLite) and not the whole array; and an exemption
 * (`indexes: []`) of a large field no query reads by, which Firestore then does not index at all
 * (docs/performance.md#index-budget).
 */
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: {
    order?: 'ASCENDING' | 'DESCENDING';
    arrayConfig?: 'CONTAINS';
    queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  }[];
}
export interface IndexDeclarations {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}
export interface IndexedQuery {
  collection: string;
  where: EqualityFilter[];
  orderBy?: QuerySpec['orderBy'];
}
export interface Requirement {
  collection: string;
  equality: string[];
  arrayContains: string | null;
  order: { field: string; direction: 'ASCENDING' | 'DESCENDING' } | null;
}

/** The repository's index declarations, which Firestore deploys and the SQLite adapter creates. */
export const INDEX_FILE = path.resolve(__dirname, '../../../firestore.indexes.json');

/** The composite indexes of a firestore.indexes.json file. */
export function readIndexFile(file: string): CompositeIndex[] {
  return readIndexDeclarations(file).indexes;
}

/** The composite indexes and single-field declarations of a firestore.indexes.json file. */
export function readIndexDeclarations(file: string): IndexDeclarations {
  const declared = JSON.parse(readFileSync(file, 'utf8')) as Partial<IndexDeclarations>;
  return { indexes: declared.indexes ?? [], fieldOverrides: declared.fieldOverrides ?? [] };
}

/**
 * The composite index a query needs, or null when single-field indexes serve it: equality filters
 * alone (Firestore merges them), one array-contains alone, or an order alone (with or without a
 * range on its field). Any other mix needs the equality fields (any order), then the array-contains
 * field, then the ordered field (a range's field, which a query orders by: a count may have none).
 */
export function requiredIndex({ collection, where, orderBy }: IndexedQuery): Requirement | null {
  const equality = [...new Set(where.filter((f) => (f.op ?? '==') === '==').map((f) => f.field))];
  const arrayContains = where.find((f) => f.op === 'array-contains')?.field ?? null;
  const ordered = orderBy?.field ?? where.find(isRangeFilter)?.field;
  const orderField = ordered && !equality.includes(ordered) ? ordered : null;
  const order = orderField
    ? { field: orderField, direction: orderBy?.direction === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const) }
    : null;
  const needed = arrayContains ? equality.length > 0 || order !== null : equality.length > 0 && order !== null;
  return needed ? { collection, equality: equality.sort(), arrayContains, order } : null;
}

export function satisfies(index: CompositeIndex, need: Requirement): boolean {
  if (index.collectionGroup !== need.collection || index.queryScope !== 'COLLECTION') return false;
  const size = need.equality.length + (need.arrayContains ? 1 : 0) + (need.order ? 1 : 0);
  if (index.fields.length !== size) return false;
  const equality = index.fields.slice(0, need.equality.length);
  if (equality.some((field) => field.order === undefined || field.arrayConfig !== undefined)) return false;
  if ([...equality.map((field) => field.fieldPath)].sort().join('\n') !== need.equality.join('\n')) return false;
  let next = need.equality.length;
  if (need.arrayContains) {
    const field = index.fields[next++]!;
    if (field.fieldPath !== need.arrayContains || field.arrayConfig !== 'CONTAINS') return false;
  }
  if (need.order) {
    const field = index.fields[next]!;
    if (field.fieldPath !== need.order.field || field.order !== need.order.direction) return false;
  }
  return true;
}

export const describeRequirement = (need: Requirement): CompositeIndex => ({
  collectionGroup: need.collection,
  queryScope: 'COLLECTION',
  fields: [
    ...need.equality.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
    ...(need.arrayContains ? [{ fieldPath: need.arrayContains, arrayConfig: 'CONTAINS' as const }] : []),
    ...(need.order ? [{ fieldPath: need.order.field, order: need.order.direction }] : []),
  ],
});

/** Refuses a query whose composite index is not among `indexes`, naming the index to declare. */
export function assertIndexed(query: IndexedQuery, indexes: readonly CompositeIndex[]): void {
  const need = requiredIndex(query);
  if (need && !indexes.some((index) => satisfies(index, need))) {
    throw new Error(
      `FAILED_PRECONDITION: the query requires an index; declare it in firestore.indexes.json: ${JSON.stringify(describeRequirement(need))}`,
    );
  }
}
