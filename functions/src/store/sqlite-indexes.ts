import type { IndexDeclarations } from './firestore-indexes';
import {
  ELEMENTS_TABLE,
  elementKey,
  extracted,
  jsonPath,
  queryShape,
  sortRank,
  sortValue,
  sqlLiteral,
  type IndexFor,
} from './sqlite-query';

/**
 * The SQLite adapter's indexes, from the same declarations as Firestore's (firestore.indexes.json):
 * for each composite index (and each declared single field), expression indexes over the JSON
 * fields of the collection's documents (partial: only that collection's rows), so a query pages
 * through an index instead of reading every document. Equality fields come first, as json_extract; the ordered field (the last, unless
 * it is the array-contains field) as the rank and value the query orders by, then the id. SQLite
 * walks an index both ways, so an ascending and a descending declaration share one.
 *
 * An array field cannot be indexed by an expression (one row, many elements), so each array field a
 * composite index declares `arrayConfig: CONTAINS` on (or a single-field declaration with that mode
 * alone) gets a multi-valued index instead: the rows of
 * `document_elements` (one per distinct element of the field's array: its JSON type, its value and
 * the document's id), kept in step with `documents` by triggers in the same transaction as each write
 * and filled for the documents stored before it in batches after the store opens (ELEMENT_FILLS_TABLE).
 * A search for a rare element reads its few documents from there (see `sqlite-query.ts`). Why:
 * docs/decisions/sqlite-indexes-from-firestore.md.
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

export const ELEMENTS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS ${ELEMENTS_TABLE} (
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    type TEXT NOT NULL,
    value NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, field, type, value, doc)
  ) WITHOUT ROWID`;

/**
 * The fields whose multi-valued index is not filled yet (their triggers are installed: documents
 * written since are indexed), with how far the fill has gone: the last document id filled, in the
 * collection's primary-key order. A field without a row here is complete. Kept in the file, so a
 * restart resumes where the fill stopped and a complete index is never filled again.
 */
export const ELEMENT_FILLS_TABLE = 'document_element_fills';
export const ELEMENT_FILLS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS ${ELEMENT_FILLS_TABLE} (
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    after_id TEXT NOT NULL,
    PRIMARY KEY (collection, field)
  ) WITHOUT ROWID`;

/** An array field with a multi-valued index, and the triggers that keep it. */
export interface SqliteElementIndex {
  collection: string;
  field: string;
  /** The triggers' names and SQL (a change of either rebuilds the field's elements). */
  triggers: { name: string; sql: string }[];
  /**
   * Fills the field's elements of the stored documents with ids in (@after, @upto], one batch of the
   * fill (sorted first: the batch's rows go into the table in key order).
   */
  fillBatch: string;
  /** Removes the field's elements. */
  clear: string;
}

/**
 * The elements of `field` in the document `row` (new or old), as rows of `document_elements`:
 * only of an array, only the types a filter can name (json_each gives JSON null as SQL NULL,
 * stored as '' since the type column already says null); a repeated element is one row (INSERT OR
 * IGNORE on the primary key, cheaper than DISTINCT: one sort fewer when filling).
 */
const elementRows = (collection: string, field: string, row: string, from = '') =>
  `SELECT ${sqlLiteral(collection)}, ${sqlLiteral(field)}, type, coalesce(value, ''), ${row}.id
    FROM ${from}json_each(${row}.data, ${jsonPath(field)})
    WHERE json_type(${row}.data, ${jsonPath(field)}) = 'array' AND type NOT IN ('array', 'object')`;

export function sqliteElementIndexes({ indexes, fieldOverrides }: IndexDeclarations): SqliteElementIndex[] {
  const fields = new Map<string, { collection: string; field: string }>();
  const add = (collection: string, field: string) => fields.set(elementKey(collection, field), { collection, field });
  for (const index of indexes) {
    if (index.queryScope !== 'COLLECTION') continue;
    for (const field of index.fields) if (field.arrayConfig === 'CONTAINS') add(index.collectionGroup, field.fieldPath);
  }
  // An array field searched alone: declared with its element index only (firestore-indexes.ts `FieldOverride`).
  for (const override of fieldOverrides) {
    const scoped = override.indexes.filter((index) => index.queryScope === 'COLLECTION');
    if (scoped.length > 0 && scoped.every((index) => index.arrayConfig === 'CONTAINS')) {
      add(override.collectionGroup, override.fieldPath);
    }
  }
  return [...fields.values()].map(({ collection, field }) => {
    const base = `ix_elements_${collection}_${field}`.replace(/[^A-Za-z0-9_-]/g, '-');
    const inCollection = (row: 'new' | 'old') => `${row}.collection = ${sqlLiteral(collection)}`;
    const insert = (row: 'new' | 'old') =>
      `INSERT OR IGNORE INTO ${ELEMENTS_TABLE} (collection, field, type, value, doc) ${elementRows(collection, field, row)};`;
    // Deletes exactly the old document's elements, through the primary key.
    const remove = `DELETE FROM ${ELEMENTS_TABLE} WHERE collection = ${sqlLiteral(collection)} AND field = ${sqlLiteral(
      field,
    )} AND doc = old.id AND (type, value) IN (SELECT type, coalesce(value, '') FROM json_each(old.data, ${jsonPath(
      field,
    )}));`;
    return {
      collection,
      field,
      triggers: [
        {
          name: `${base}_insert`,
          sql: `CREATE TRIGGER "${base}_insert" AFTER INSERT ON documents WHEN ${inCollection('new')} BEGIN ${insert('new')} END`,
        },
        {
          name: `${base}_update`,
          sql: `CREATE TRIGGER "${base}_update" AFTER UPDATE OF data ON documents WHEN ${inCollection('new')} BEGIN ${remove} ${insert(
            'new',
          )} END`,
        },
        {
          name: `${base}_delete`,
          sql: `CREATE TRIGGER "${base}_delete" AFTER DELETE ON documents WHEN ${inCollection('old')} BEGIN ${remove} END`,
        },
      ],
      fillBatch: `INSERT OR IGNORE INTO ${ELEMENTS_TABLE} (collection, field, type, value, doc) ${elementRows(
        collection,
        field,
        'batch',
        `(SELECT id, data FROM documents WHERE collection = ${sqlLiteral(collection)} AND id > @after AND id <= @upto) AS batch, `,
      )} ORDER BY 3, 4, 5`,
      clear: `DELETE FROM ${ELEMENTS_TABLE} WHERE collection = ${sqlLiteral(collection)} AND field = ${sqlLiteral(field)}`,
    };
  });
}
