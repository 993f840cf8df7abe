import type { IndexDeclarations } from './firestore-indexes';
import { extracted, jsonPath, queryShape, sortRank, sortValue, sqlLiteral, type IndexFor } from './sqlite-query';

/**
 * The SQLite adapter's indexes, from the same declarations as Firestore's (firestore.indexes.json):
 * for each composite index (and each declared single field), expression indexes over the JSON
 * fields of the collection's documents (partial: only that collection's rows), so a query pages
 * through an index instead of reading every document. Equality fields come first, as json_extract; the ordered field (the last, unless
 * it is the array-contains field) as the rank and value the query orders by, then the id. SQLite
 * walks an index both ways, so an ascending and a descending declaration share one. The
 * array-contains field is filtered on the rows the index yields (json_each cannot be indexed).
 */
export interface SqliteIndex {
  name: string;
  sql: string;
  /** The query shape it serves (see `queryShape`). */
  shape: string;
}

export function sqliteIndexes({ indexes, fieldOverrides }: IndexDeclarations): SqliteIndex[] {
  const byName = new Map<string, SqliteIndex>();
  const add = (collection: string, equality: string[], ordered: string | undefined) => {
    const columns = equality.map((field) => extracted(jsonPath(field)));
    if (ordered) {
      const path = jsonPath(ordered);
      columns.push(sortRank(path), sortValue(path));
    }
    columns.push('id');
    const name = `ix_${[collection, ...equality, ordered ? `by-${ordered}` : ''].filter(Boolean).join('_')}`.replace(
      /[^A-Za-z0-9_-]/g,
      '-',
    );
    byName.set(name, {
      name,
      sql: `CREATE INDEX "${name}" ON documents (${columns.join(', ')}) WHERE collection = ${sqlLiteral(collection)}`,
      shape: queryShape(collection, equality, ordered),
    });
  };
  for (const index of indexes) {
    if (index.queryScope !== 'COLLECTION') continue;
    const last = index.fields[index.fields.length - 1];
    const ordered = last && last.arrayConfig === undefined ? last.fieldPath : undefined;
    const equality = index.fields
      .filter((field) => field.fieldPath !== ordered && field.arrayConfig === undefined)
      .map((field) => field.fieldPath);
    add(index.collectionGroup, equality, ordered);
    // The same equality filters without the order (a count, or a page in id order).
    if (ordered && equality.length > 0) add(index.collectionGroup, equality, undefined);
  }
  for (const override of fieldOverrides) {
    const scoped = override.indexes.filter((index) => index.queryScope === 'COLLECTION');
    if (scoped.some((index) => index.order !== undefined)) {
      add(override.collectionGroup, [override.fieldPath], undefined);
      add(override.collectionGroup, [], override.fieldPath);
    }
  }
  return [...byName.values()];
}

/** Which of these indexes was made for a query's shape. */
export function indexChooser(indexes: readonly SqliteIndex[]): IndexFor {
  const byShape = new Map(indexes.map((index) => [index.shape, index.name]));
  return (shape) => byShape.get(shape);
}
