import { createHash } from 'node:crypto';
import type { ApplicationRow, ListedRow } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/**
 * The dashboard search's inverted index (docs/decisions/answer-search.md): per form, search token
 * and shard, one posting document listing the ids of the form's rows that hold the token
 * (`searchTokens`: the name's and email's prefixes and the answers' words). A search reads its
 * terms' postings by id, never by a query of the rows' tokens (the Firestore emulator walks every
 * row's array for that, and every token was two index entries of the row), then the rows it needs
 * by id. The postings are the super-reviewers' namespace: the rows' tokens are theirs alone; a
 * reviewer's search does not read them.
 */

/**
 * Shards per form and token, by the row's response: two submits at once touch the same posting of
 * a common word only one time in POSTING_SHARDS, and a search reads POSTING_SHARDS documents a term.
 */
export const POSTING_SHARDS = 4;
/**
 * The most a posting holds, in bytes as Firestore counts a document's size (each string's UTF-8
 * bytes and one more): under its 1 MiB with room for the document's name and fields. A row costs its
 * id and its two sort keys, about 90 bytes (about 10,000 rows a posting; a name of 100-character
 * parts costs more). Past it the posting is marked `full` and keeps no more: its word is held by more
 * rows of the form than its POSTING_SHARDS postings hold, and a search reads the form's rows for it
 * instead.
 */
export const MAX_POSTING_BYTES = 900_000;
/** Postings read and written per transaction (each one read and one write: under the 500 writes of a commit). */
const POSTINGS_PER_COMMIT = 200;
/** Rows read by id at once. */
const ROWS_PER_READ = 100;

/**
 * A row's keys that a search sorts its matches by without reading them: its `sortName` and
 * `submittedAt`, both set when the row is made at a submit and never changed while the row is in a
 * posting (an erasure removes it first). A change to how either is made must rewrite the postings.
 */
export interface PostingKeys {
  sortName: string;
  submittedAt: string;
}
/** The fields of PostingKeys, which the search reads from the postings instead of from the rows. */
export const POSTING_KEY_FIELDS = ['sortName', 'submittedAt'] as const satisfies readonly (keyof PostingKeys &
  keyof ApplicationRow)[];

export interface Posting {
  [field: string]: unknown;
  formId: string;
  shard: number;
  /** The ids of the rows holding the token (in the order they were added). */
  rows: string[];
  /**
   * Each row's keys, in `rows`' order; null (or the arrays missing) for a row added before the
   * postings held them (the `2026-12-search-posting-keys` migration fills them in).
   */
  sortNames?: (string | null)[];
  submittedAts?: (string | null)[];
  /** More rows held the token than MAX_POSTING_BYTES holds: `rows` is not all of them. */
  full?: true;
}

/** A row's shard: by its response, so that a response's rows (one per role, the same tokens) share their postings. */
export function postingShard(responseId: string): number {
  return createHash('sha256').update(responseId).digest().readUInt32BE(0) % POSTING_SHARDS;
}

/** The posting of a form's token in a shard (the token base64url-encoded: a token may hold '/' or '.'). */
export const postingId = (formId: string, token: string, shard: number): string =>
  `${formId}__${shard}__${Buffer.from(token, 'utf8').toString('base64url')}`;

export type IndexedRow = Pick<
  ApplicationRow,
  'id' | 'responseId' | 'applicationFormId' | 'searchTokens' | keyof PostingKeys
>;

/** Changes to the postings: posting id → its form, shard and the rows added (with their keys) or removed. */
export type PostingChanges = Map<string, { formId: string; shard: number; rows: Map<string, PostingKeys> }>;

/** Adds a row's tokens to `changes`. */
export function addRowChanges(changes: PostingChanges, row: IndexedRow): PostingChanges {
  const shard = postingShard(row.responseId);
  const keys = { sortName: row.sortName, submittedAt: row.submittedAt };
  for (const token of new Set(row.searchTokens ?? [])) {
    const id = postingId(row.applicationFormId, token, shard);
    const change = changes.get(id) ?? { formId: row.applicationFormId, shard, rows: new Map<string, PostingKeys>() };
    change.rows.set(row.id, keys);
    changes.set(id, change);
  }
  return changes;
}

/** The changes a set of rows makes to the postings. */
const changesOf = (rows: readonly IndexedRow[]): PostingChanges =>
  rows.reduce<PostingChanges>((changes, row) => addRowChanges(changes, row), new Map());

/** A string's size in a Firestore document: its UTF-8 bytes and one. */
const stringBytes = (text: string | null) => (text === null ? 1 : Buffer.byteLength(text, 'utf8') + 1);

/** A posting's rows with their keys (null: not known yet), in its order. */
function entriesOf(posting: Posting | null): [string, PostingKeys | null][] {
  return (posting?.rows ?? []).map((row, at) => {
    const sortName = posting?.sortNames?.[at];
    const submittedAt = posting?.submittedAts?.[at];
    return [row, typeof sortName === 'string' && typeof submittedAt === 'string' ? { sortName, submittedAt } : null];
  });
}

/** The posting of these rows and keys, cut (and marked full) where it would pass MAX_POSTING_BYTES. */
function postingOf(formId: string, shard: number, entries: [string, PostingKeys | null][], full: boolean): Posting {
  let bytes = 0;
  let kept = 0;
  for (const [row, keys] of entries) {
    bytes += stringBytes(row) + stringBytes(keys?.sortName ?? null) + stringBytes(keys?.submittedAt ?? null);
    if (bytes > MAX_POSTING_BYTES) break;
    kept += 1;
  }
  const held = entries.slice(0, kept);
  return {
    formId,
    shard,
    rows: held.map(([row]) => row),
    sortNames: held.map(([, keys]) => keys?.sortName ?? null),
    submittedAts: held.map(([, keys]) => keys?.submittedAt ?? null),
    ...(full || kept < entries.length ? { full: true as const } : {}),
  };
}

/**
 * The posting after adding rows (with their keys: those of rows it already holds without keys are
 * filled in) or removing them; null: nothing to change, or (removal) nothing left to keep.
 */
function changed(
  posting: Posting | null,
  change: { formId: string; shard: number; rows: Map<string, PostingKeys> },
  adding: boolean,
): Posting | 'delete' | null {
  const entries = entriesOf(posting);
  if (adding) {
    const held = new Set(entries.map(([row]) => row));
    const filled = entries.map(([row, keys]): [string, PostingKeys | null] => [
      row,
      keys ?? change.rows.get(row) ?? null,
    ]);
    const keysFilled = filled.some(([, keys], at) => keys !== entries[at]![1]);
    // A full posting keeps no more rows; its rows' keys may still be filled in.
    const next = posting?.full ? filled : [...filled, ...[...change.rows].filter(([row]) => !held.has(row))];
    if (!keysFilled && next.length === filled.length) return null;
    return postingOf(change.formId, change.shard, next, !!posting?.full);
  }
  if (!posting) return null;
  const kept = entries.filter(([row]) => !change.rows.has(row));
  if (kept.length === entries.length) return null;
  return kept.length === 0 && !posting.full ? 'delete' : postingOf(posting.formId, posting.shard, kept, !!posting.full);
}

/**
 * Adds the rows to their tokens' postings (or removes them: `adding` false), in transactions of
 * POSTINGS_PER_COMMIT postings in id order: each reads its postings and writes those that change,
 * so two submits at once lose no row (the store retries the one that read a posting the other
 * wrote), and running it again changes nothing. Returns how many postings were written.
 */
export async function changePostings(store: DocumentStore, rows: readonly IndexedRow[], adding: boolean) {
  const changes = [...changesOf(rows).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let written = 0;
  for (let start = 0; start < changes.length; start += POSTINGS_PER_COMMIT) {
    const part = changes.slice(start, start + POSTINGS_PER_COMMIT);
    written += await store.transaction(async (tx) => {
      const postings = await Promise.all(part.map(([id]) => tx.get<Posting>(COLLECTIONS.searchPostings, id)));
      let writes = 0;
      part.forEach(([id, change], at) => {
        const next = changed(postings[at]!, change, adding);
        if (next === null) return;
        writes += 1;
        if (next === 'delete') tx.delete(COLLECTIONS.searchPostings, id);
        else tx.set(COLLECTIONS.searchPostings, id, next);
      });
      return writes;
    });
  }
  return written;
}

/** Adds rows to their tokens' postings (a submit's rows, after its transaction; the migration's). */
export const indexRowsForSearch = (store: DocumentStore, rows: readonly IndexedRow[]) =>
  changePostings(store, rows, true);

/** Removes rows, as they were stored, from their tokens' postings (an erasure's, a retention's). */
export const unindexRowsForSearch = (store: DocumentStore, rows: readonly IndexedRow[]) =>
  changePostings(store, rows, false);

/**
 * The postings of rows not stored yet, whole, for writes of many rows at once into an empty index
 * (the benches' seeds, from `addRowChanges`): the documents `indexRowsForSearch` would write.
 */
export function freshPostings(rows: readonly IndexedRow[] | PostingChanges): { id: string; data: Posting }[] {
  const changes = rows instanceof Map ? rows : changesOf(rows);
  return [...changes.entries()].map(([id, change]) => ({ id, data: changed(null, change, true) as Posting }));
}

/** The rows holding a token, with the keys of those the postings hold them for. */
export interface RowsHolding {
  ids: Set<string>;
  keys: Map<string, PostingKeys>;
}

/**
 * The ids of the form's rows holding a token, from its postings (read by id, in parallel), with
 * their keys where the postings hold them; null when a posting is full (more rows hold it than the
 * postings keep).
 */
export async function rowsHolding(store: DocumentStore, formId: string, token: string): Promise<RowsHolding | null> {
  const postings = await Promise.all(
    Array.from({ length: POSTING_SHARDS }, (_, shard) =>
      store.get<Posting>(COLLECTIONS.searchPostings, postingId(formId, token, shard)),
    ),
  );
  if (postings.some((posting) => posting?.full)) return null;
  const holding: RowsHolding = { ids: new Set(), keys: new Map() };
  for (const [row, keys] of postings.flatMap(entriesOf)) {
    holding.ids.add(row);
    if (keys) holding.keys.set(row, keys);
  }
  return holding;
}

/**
 * Every stored field of a row but its search tokens (the bulk of a row: an answer's every word):
 * what the dashboard's pages read of their rows, a search's included (reviews.repository.ts). A
 * field added to `ApplicationRow` and not listed here is a type error below.
 */
export const LISTED_ROW_FIELDS = [
  'id',
  'responseId',
  'applicationFormId',
  'userId',
  'role',
  'decision',
  'final',
  'qualified',
  'applicantName',
  'applicantEmail',
  'sortName',
  'submittedAt',
  'reviews',
  'reviewsAssigned',
  'reviewsDone',
  'reviewScore',
  'interviews',
  'interviewsAssigned',
  'interviewsDone',
  'interviewScore',
  'offer',
  'offerRepliedAt',
  'offerDeadline',
  'offerMadeAt',
  'offerPending',
  'disagreementFlag',
  'decisionStage',
  'calibratedOrder',
  'calibratedOrderDesc',
  'tags',
  'erased',
] as const satisfies readonly (keyof ListedRow)[];
type Unlisted = Exclude<keyof ListedRow, 'searchTokens' | (typeof LISTED_ROW_FIELDS)[number]>;
// Fails to compile while a field of the row is not in LISTED_ROW_FIELDS (`Unlisted` names it).
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/**
 * Rows read by id, in the ids' order; those gone since are left out. One batched get per
 * ROWS_PER_READ ids, all at once (one request each, where a get per row was a request per row and
 * the batches went one after another: 177 rows took 0.37 s on the Firestore emulator). With
 * `fields`, each row holds those fields only, and its `id` (the id it was read by, not a field
 * read: a search sorts and filters its matches on a few fields, and each one read is a
 * field picked out of each match; a whole row is about 12 KB, mostly its search tokens).
 */
export async function rowsById<T extends Partial<ApplicationRow> = ApplicationRow>(
  store: DocumentStore,
  ids: readonly string[],
  fields?: readonly (keyof ApplicationRow & string)[],
): Promise<T[]> {
  const read = fields?.filter((field) => field !== 'id');
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += ROWS_PER_READ) batches.push(ids.slice(start, start + ROWS_PER_READ));
  const found = await Promise.all(
    batches.map(async (batch) => {
      const rows = await store.getAll<T>(COLLECTIONS.reviewStatuses, batch, read);
      return read ? rows.map((row, at) => row && ({ ...row, id: batch[at]! } as T)) : rows;
    }),
  );
  return found.flat().filter((row): row is Awaited<T> => row !== null);
}
