import type { DocumentStore, EqualityFilter, QuerySpec, StoredDocument } from './document-store';

/** One page of a store query plus the total; a cursor the store cannot read fails with `InvalidCursorError`. */
export async function queryPage<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  spec: QuerySpec & { where: EqualityFilter[] },
) {
  const [page, total] = await Promise.all([store.query<T>(collection, spec), store.count(collection, spec.where)]);
  return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor, total };
}

/** Every document matching the filters with its id, read page by page (in `orderBy`'s order when given, else by id). */
export async function queryAllWithIds<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  where: EqualityFilter[],
  orderBy?: QuerySpec['orderBy'],
): Promise<StoredDocument<T>[]> {
  const found: StoredDocument<T>[] = [];
  let after: string | undefined;
  do {
    const page = await store.query<T>(collection, { where, orderBy, limit: 500, after });
    found.push(...page.items);
    after = page.nextCursor ?? undefined;
  } while (after);
  return found;
}

/** Every document matching the filters, read page by page (in `orderBy`'s order when given, else by id). */
export async function queryAll<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  where: EqualityFilter[],
  orderBy?: QuerySpec['orderBy'],
): Promise<T[]> {
  return (await queryAllWithIds<T>(store, collection, where, orderBy)).map((item) => item.data);
}

/**
 * Every document matching the filters in one query, not page by page: for a set the caller holds
 * whole anyway (a job's rows, auto-assign's plan). Production streams it at once; the emulator
 * answers each page of a paged read by walking the matches before it, so 7,500 rows took 8.8 s in
 * pages of 500 and 1.9 s in one (docs/performance.md#long-work-as-jobs).
 */
export async function queryEvery<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  where: EqualityFilter[],
): Promise<T[]> {
  return (await store.query<T>(collection, { where })).items.map((item) => item.data);
}
