import type { QuerySpec } from './document-store';
import { decodeCursorJson, encodeCursorJson } from './store-cursor';

/**
 * Paging in memory, in the stores' order: for a search, whose matches (one array-contains with
 * the equality that scopes it) are read whole and then sorted and paged here, so no composite index
 * holds the search field with each sort and filter (docs/performance.md#index-budget).
 *
 * The order is the stores' (Firestore's): by the ordered field's type (null < booleans < numbers <
 * strings), then its value (text by code point, as UTF-8 bytes compare), then the id, ids descending
 * too when the order is descending; documents lacking the field are left out of the items (but
 * counted in the total, as a count of the same filters counts them). The cursor is the last item's
 * type, value and id: the next page starts after it, as a store cursor does.
 */

type Ordered = string | number | boolean | null;
interface MemoryCursor {
  id: string;
  t: number;
  v: Ordered;
}

/** Firestore's cross-type order (sqlite-query.ts `sortRank` mirrors it); arrays and maps are not ordered here. */
function rankOf(value: unknown): number | null {
  if (value === null) return 0;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 3;
    default:
      return null;
  }
}

/** A UTF-16 code unit moved so that units compare as their code points do (surrogates, past U+FFFF, after U+E000–U+FFFF). */
const unitOrder = (unit: number): number =>
  unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;

/** Text in code point order (UTF-8 byte order: how SQLite's BINARY collation and Firestore compare strings). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const [x, y] = [a.charCodeAt(at), b.charCodeAt(at)];
    if (x !== y) return unitOrder(x) - unitOrder(y);
  }
  return a.length - b.length;
}

function compareValues(rank: number, x: Ordered, y: Ordered): number {
  if (rank === 3) return compareText(x as string, y as string);
  if (rank === 0 || x === y) return 0;
  return (x as number | boolean) < (y as number | boolean) ? -1 : 1;
}

const compareKeys = (a: MemoryCursor, b: MemoryCursor): number =>
  a.t - b.t || compareValues(a.t, a.v, b.v) || compareText(a.id, b.id);

const isMemoryCursor = (value: unknown): value is MemoryCursor => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, t, v } = value as Record<string, unknown>;
  return typeof id === 'string' && Number.isInteger(t) && rankOf(v) === t;
};

/** The cursor `pageInMemory` gives after a document holding `value` (for a page of the same order read from the store). */
export function memoryCursorAt(value: unknown, id: string): string {
  const rank = rankOf(value);
  if (rank === null) throw new Error(`Not an ordered value: ${JSON.stringify(value)}`);
  return encodeCursorJson({ id, t: rank, v: value as Ordered } satisfies MemoryCursor);
}

/**
 * The position a `pageInMemory` cursor names, for the store to go on from (`QuerySpec.startAfter`):
 * so one listing may be paged in memory and from the store alike. `InvalidCursorError` if it is not one.
 */
export function memoryCursorPosition(text: string): { value: Ordered; id: string } {
  const { id, v } = decodeCursorJson(text, isMemoryCursor);
  return { value: v, id };
}

/**
 * One page of `docs` (every document matching a query's filters) as the store would answer the
 * query with this order, limit and cursor, plus their total; a cursor it cannot read fails with
 * `InvalidCursorError`.
 */
export function pageInMemory<T extends { id: string }>(
  docs: readonly T[],
  spec: { orderBy: NonNullable<QuerySpec['orderBy']>; limit: number; after?: string },
): { items: T[]; nextCursor: string | null; total: number } {
  const sign = spec.orderBy.direction === 'desc' ? -1 : 1;
  const keyed: { doc: T; key: MemoryCursor }[] = [];
  for (const doc of docs) {
    const value = (doc as Record<string, unknown>)[spec.orderBy.field];
    const rank = value === undefined ? null : rankOf(value);
    if (rank === null) continue;
    keyed.push({ doc, key: { id: doc.id, t: rank, v: value as Ordered } });
  }
  keyed.sort((a, b) => sign * compareKeys(a.key, b.key));
  const after = spec.after === undefined ? undefined : decodeCursorJson(spec.after, isMemoryCursor);
  const start = after ? keyed.findIndex((each) => sign * compareKeys(each.key, after) > 0) : 0;
  const from = start < 0 ? keyed.length : start;
  const page = keyed.slice(from, from + spec.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((each) => each.doc),
    nextCursor: last && from + spec.limit < keyed.length ? encodeCursorJson(last.key) : null,
    total: docs.length,
  };
}
