import { createHash } from 'node:crypto';
import {
  counterDeltas,
  counterFilter,
  dayBounds,
  daysFrom,
  formCounterKeys,
  formRoleIds,
  responseCounterKeys,
  rowCounterKeys,
  utcDay,
  ROWS_KEY,
  type ApplicationForm,
  type ApplicationRow,
  type FormCounterKey,
} from '@portal/shared/domain';
import { COLLECTIONS } from './collections';
import type { DocumentData, DocumentStore, EqualityFilter, StoreTransaction, WriteOperation } from './document-store';

/**
 * The counters stored per form (docs/performance.md#pipeline-at-a-glance): the pipeline's funnel
 * per role, its rows per day and the dashboard's totals per tab and filter, read as a few documents
 * instead of counting rows.
 *
 * `withFormCounters(store)` keeps them: every write of a row (`review-statuses`) or a response,
 * through any of the store's calls, runs in a transaction that also adds to the form's counters
 * what the document's keys after the write differ from its keys before (`rowCounterKeys`,
 * `responseCounterKeys` in the shared domain), so they are always what the rows hold. The counts
 * are spread over `FORM_COUNTER_SHARDS` documents (chosen by the response's id, so one submit
 * writes one), summed on read: Firestore sustains about one write a second per document, and a
 * form's due day brings many submits at once.
 *
 * A form's counters start with its recount (`readFormCounts`): the first read of a form without
 * them (stored before this change) counts them from its rows in one transaction and writes its
 * marker; until then writers leave them alone (they read the marker in their transaction, so a
 * write and a recount are serialized). Counters found inconsistent (a negative count, or days
 * that do not add up to the rows) are recounted the same way.
 */

/** How many documents a form's counts are spread over (docs/performance.md#pipeline-at-a-glance). */
export const FORM_COUNTER_SHARDS = 4;

/** The form's marker (id = the form's): its counters are kept, in `shards` documents. */
export type FormCounterMarker = {
  formId: string;
  shards: number;
  countedAt: string;
};

/** One shard (id `<formId>__<n>`): its part of each counter; the form's count is the sum over its shards. */
export type FormCounterShard = {
  formId: string;
  counts: Record<FormCounterKey, number>;
};

export type FormCounts = ReadonlyMap<FormCounterKey, number>;

const shardId = (formId: string, shard: number) => `${formId}__${shard}`;

/** The shard a document's counts go to: by its response (a response and its rows share one). */
function shardOf(key: string, shards: number): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % shards;
}

/** The collections counted, each with its document's keys, form and shard key. */
const COUNTED: Record<
  string,
  { keys: (data: DocumentData) => FormCounterKey[]; shardKey: (id: string, data: DocumentData) => string }
> = {
  [COLLECTIONS.reviewStatuses]: {
    keys: (data) => rowCounterKeys(data as unknown as ApplicationRow),
    shardKey: (id, data) => (typeof data.responseId === 'string' ? data.responseId : id),
  },
  [COLLECTIONS.responses]: {
    keys: (data) => responseCounterKeys(data as { rolesApplied?: string[] }),
    shardKey: (id) => id,
  },
};

const formOf = (data: DocumentData | null): string | null =>
  data && typeof data.applicationFormId === 'string' ? data.applicationFormId : null;

const MARK = Symbol('formCounters');

/** Whether the store already keeps the counters (wrapping twice would count twice). */
const keepsCounters = (store: DocumentStore): boolean => (store as { [MARK]?: true })[MARK] === true;

/**
 * The store with every write of a row or response adding to its form's counters in the same
 * transaction. Idempotent: a store that keeps them is given back as it is.
 */
export function withFormCounters(store: DocumentStore): DocumentStore {
  if (keepsCounters(store)) return store;
  const counted = (collection: string) => collection in COUNTED;
  const inTransaction = (operations: WriteOperation[]) =>
    wrapped.transaction(async (tx) => {
      for (const operation of operations) applyTo(tx, operation);
    });
  const wrapped: DocumentStore & { [MARK]: true } = {
    ...store,
    [MARK]: true,
    create: (collection, id, data) =>
      counted(collection)
        ? inTransaction([{ kind: 'create', collection, id, data }])
        : store.create(collection, id, data),
    set: (collection, id, data) =>
      counted(collection) ? inTransaction([{ kind: 'set', collection, id, data }]) : store.set(collection, id, data),
    update: (collection, id, patch) =>
      counted(collection)
        ? inTransaction([{ kind: 'update', collection, id, patch }])
        : store.update(collection, id, patch),
    delete: (collection, id) =>
      counted(collection) ? inTransaction([{ kind: 'delete', collection, id }]) : store.delete(collection, id),
    batch: (operations) =>
      Array.isArray(operations) && operations.some((operation) => counted(operation.collection))
        ? inTransaction(operations)
        : store.batch(operations),
    transaction: (work) =>
      store.transaction(async (inner) => {
        const counting = countingTransaction(inner);
        const result = await work(counting.tx);
        await counting.commit();
        return result;
      }),
  };
  return wrapped;
}

function applyTo(tx: StoreTransaction, operation: WriteOperation): void {
  switch (operation.kind) {
    case 'create':
      return tx.create(operation.collection, operation.id, operation.data);
    case 'set':
      return tx.set(operation.collection, operation.id, operation.data);
    case 'update':
      return tx.update(operation.collection, operation.id, operation.patch);
    case 'delete':
      return tx.delete(operation.collection, operation.id);
  }
}

/**
 * A transaction handle that holds the work's writes until it returns, then reads what the counters
 * need (the counted documents it did not read, the forms' markers and shards: still before any
 * write, as both stores require) and hands the writes and the counters' to the store's transaction.
 */
function countingTransaction(inner: StoreTransaction) {
  const read = new Map<string, DocumentData | null>();
  const writes: WriteOperation[] = [];
  const key = (collection: string, id: string) => `${collection}/${id}`;
  const assertReadable = () => {
    if (writes.length > 0) throw new Error('Transaction reads must come before its writes');
  };
  const tx: StoreTransaction = {
    async get<T extends DocumentData>(collection: string, id: string) {
      assertReadable();
      const data = await inner.get<T>(collection, id);
      if (collection in COUNTED && !read.has(key(collection, id))) read.set(key(collection, id), data);
      return data;
    },
    getDerived(collection, id, cache) {
      assertReadable();
      return inner.getDerived(collection, id, cache);
    },
    count(collection, where) {
      assertReadable();
      return inner.count(collection, where);
    },
    create: (collection, id, data) => void writes.push({ kind: 'create', collection, id, data }),
    set: (collection, id, data) => void writes.push({ kind: 'set', collection, id, data }),
    update: (collection, id, patch) => void writes.push({ kind: 'update', collection, id, patch }),
    delete: (collection, id) => void writes.push({ kind: 'delete', collection, id }),
  };

  async function commit(): Promise<void> {
    const touched = new Map<string, { collection: string; id: string }>();
    for (const { collection, id } of writes)
      if (collection in COUNTED) touched.set(key(collection, id), { collection, id });
    const unread = [...touched].filter(([name]) => !read.has(name));
    const found = await Promise.all(unread.map(([, doc]) => inner.get(doc.collection, doc.id)));
    unread.forEach(([name], index) => read.set(name, found[index] ?? null));

    // What each counted document holds after the writes, in order (a write the commit refuses fails it all).
    const after = new Map([...touched.keys()].map((name) => [name, read.get(name) ?? null]));
    for (const write of writes) {
      const name = key(write.collection, write.id);
      if (!after.has(name)) continue;
      const current = after.get(name) ?? null;
      if (write.kind === 'delete') after.set(name, null);
      else if (write.kind === 'update') after.set(name, current && { ...current, ...write.patch });
      else after.set(name, write.data);
    }

    // The deltas per form and shard key.
    const deltas = new Map<string, { formId: string; shardKey: string; delta: Map<FormCounterKey, number> }[]>();
    for (const [name, { collection, id }] of touched) {
      const before = read.get(name) ?? null;
      const now = after.get(name) ?? null;
      const { keys, shardKey } = COUNTED[collection]!;
      for (const [data, sign] of [
        [before, -1],
        [now, 1],
      ] as const) {
        const formId = formOf(data);
        if (!formId || !data) continue;
        const delta = sign < 0 ? counterDeltas(keys(data), []) : counterDeltas([], keys(data));
        const list = deltas.get(formId) ?? [];
        list.push({ formId, shardKey: shardKey(id, data), delta });
        deltas.set(formId, list);
      }
    }

    const forms = [...deltas.keys()];
    const markers = await Promise.all(
      forms.map((formId) => inner.get<FormCounterMarker>(COLLECTIONS.formCounters, formId)),
    );
    const shardWrites = new Map<string, Map<FormCounterKey, number>>();
    forms.forEach((formId, index) => {
      const marker = markers[index];
      if (!marker) return; // Not counted yet: its recount counts this write.
      for (const { shardKey, delta } of deltas.get(formId)!) {
        const id = shardId(formId, shardOf(shardKey, marker.shards));
        const sum = shardWrites.get(id) ?? new Map<FormCounterKey, number>();
        for (const [counter, value] of delta) sum.set(counter, (sum.get(counter) ?? 0) + value);
        shardWrites.set(id, sum);
      }
    });
    const changed = [...shardWrites].filter(([, sum]) => [...sum.values()].some((value) => value !== 0));
    const shards = await Promise.all(changed.map(([id]) => inner.get<FormCounterShard>(COLLECTIONS.formCounters, id)));

    for (const write of writes) applyTo(inner, write);
    changed.forEach(([id, sum], index) => {
      const formId = id.slice(0, id.lastIndexOf('__'));
      const counts = { ...shards[index]?.counts };
      for (const [counter, value] of sum) {
        const next = (counts[counter] ?? 0) + value;
        if (next === 0) delete counts[counter];
        else counts[counter] = next;
      }
      inner.set(COLLECTIONS.formCounters, id, { formId, counts } satisfies FormCounterShard);
    });
  }

  return { tx, commit };
}

/**
 * Starts the counters of a form created now (in the transaction that creates it): its marker, every
 * count 0 (no shard yet), so its first read recounts nothing. A recount is one transaction over the
 * form's rows and responses; on a live form it waits for every save in flight, and every save for it.
 */
export function startFormCounters(tx: Pick<StoreTransaction, 'set'>, formId: string, now: Date): void {
  tx.set(COLLECTIONS.formCounters, formId, {
    formId,
    shards: FORM_COUNTER_SHARDS,
    countedAt: now.toISOString(),
  } satisfies FormCounterMarker);
}

/** Whether the counts hold together: none negative, and the days add up to the rows. */
function consistent(counts: FormCounts): boolean {
  let days = 0;
  for (const [counter, value] of counts) {
    if (value < 0) return false;
    if (counter.startsWith('day:')) days += value;
  }
  return days === (counts.get(ROWS_KEY) ?? 0);
}

/**
 * The form's stored counters summed over its shards; null when the form has none yet. The marker and
 * its shards are read in one batched get, which reads every document at one instant: one request,
 * not a transaction's four (begin, marker, shards, commit). A marker that names more shards than
 * `FORM_COUNTER_SHARDS` (kept by a build that had more) has them all read again in one get.
 */
export async function storedFormCounts(store: DocumentStore, formId: string): Promise<FormCounts | null> {
  const read = async (shards: number) => {
    const ids = [formId, ...Array.from({ length: shards }, (_, shard) => shardId(formId, shard))];
    const [marker, ...parts] = await store.getAll<FormCounterMarker | FormCounterShard>(COLLECTIONS.formCounters, ids);
    return { marker: marker as FormCounterMarker | null, parts: parts as (FormCounterShard | null)[] };
  };
  let { marker, parts } = await read(FORM_COUNTER_SHARDS);
  if (marker && marker.shards > FORM_COUNTER_SHARDS) ({ marker, parts } = await read(marker.shards));
  if (!marker) return null;
  const counts = new Map<FormCounterKey, number>();
  for (const shard of parts.slice(0, marker.shards)) {
    for (const [counter, value] of Object.entries(shard?.counts ?? {})) {
      counts.set(counter, (counts.get(counter) ?? 0) + value);
    }
  }
  for (const [counter, value] of counts) if (value === 0) counts.delete(counter);
  return counts;
}

/**
 * The form's counters (a key never counted is 0). Recounted from the rows first when the form has
 * none yet, or they do not hold together.
 */
export async function readFormCounts(
  store: DocumentStore,
  formId: string,
  options: {
    /** What a recount (a write) waits for: the read it serves, so that a request refused there writes nothing. */
    recountAfter?: Promise<unknown>;
  } = {},
): Promise<FormCounts> {
  const counts = await storedFormCounts(store, formId);
  if (counts && consistent(counts)) return counts;
  await options.recountAfter;
  return recountForm(store, formId);
}

/** The counters the recount computes: the form's roles', its tabs', and its days' from the first submission to the last. */
async function keysToCount(store: DocumentStore, formId: string): Promise<FormCounterKey[]> {
  const [form, first, last] = await Promise.all([
    store.get<ApplicationForm>(COLLECTIONS.forms, formId),
    submissionDay(store, formId, 'asc'),
    submissionDay(store, formId, 'desc'),
  ]);
  const days = first && last ? daysFrom(first, last, Number.MAX_SAFE_INTEGER) : [];
  return formCounterKeys(form ? formRoleIds(form) : [], days);
}

/** Counts each of `keys` of the form from its rows and responses (`counterFilter`), in the transaction's view. */
async function countInTransaction(tx: StoreTransaction, formId: string, keys: FormCounterKey[]): Promise<FormCounts> {
  const byForm: EqualityFilter = { field: 'applicationFormId', value: formId };
  const values = await Promise.all(
    keys.map((counter) => {
      const filter = counterFilter(counter)!;
      const where: EqualityFilter[] = [byForm, ...filter.where];
      if (filter.range) {
        const { from, to } = dayBounds(filter.range.day);
        where.push({ field: 'submittedAt', op: '>=', value: from }, { field: 'submittedAt', op: '<', value: to });
      }
      return tx.count(filter.of === 'rows' ? COLLECTIONS.reviewStatuses : COLLECTIONS.responses, where);
    }),
  );
  const counts = new Map<FormCounterKey, number>();
  keys.forEach((counter, index) => {
    if (values[index]! !== 0) counts.set(counter, values[index]!);
  });
  return counts;
}

/** What the form's counters should hold, counted from its rows and responses (no write): what a recount stores. */
export async function countFormFromRows(store: DocumentStore, formId: string): Promise<FormCounts> {
  const keys = await keysToCount(store, formId);
  return store.transaction((tx) => countInTransaction(tx, formId, keys));
}

/**
 * Counts the form's counters again from its rows and responses, in one transaction (its counts are
 * one consistent view; a write meanwhile runs before or after it), and stores them with its marker.
 */
export async function recountForm(store: DocumentStore, formId: string): Promise<FormCounts> {
  const keys = await keysToCount(store, formId);
  return store.transaction(async (tx) => {
    const marker = await tx.get<FormCounterMarker>(COLLECTIONS.formCounters, formId);
    const counts = await countInTransaction(tx, formId, keys);
    const shards = Math.max(FORM_COUNTER_SHARDS, marker?.shards ?? 0);
    for (let shard = 0; shard < shards; shard++) {
      const stored: FormCounterShard = { formId, counts: shard === 0 ? Object.fromEntries(counts) : {} };
      tx.set(COLLECTIONS.formCounters, shardId(formId, shard), stored);
    }
    tx.set(COLLECTIONS.formCounters, formId, {
      formId,
      shards: FORM_COUNTER_SHARDS,
      countedAt: new Date().toISOString(),
    } satisfies FormCounterMarker);
    return counts;
  });
}

async function submissionDay(store: DocumentStore, formId: string, direction: 'asc' | 'desc') {
  const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
    where: [{ field: 'applicationFormId', value: formId }],
    orderBy: { field: 'submittedAt', direction },
    limit: 1,
  });
  const at = page.items[0]?.data.submittedAt;
  return at ? utcDay(at) : null;
}

/** A counter's value (0 when never counted). */
export const countOf = (counts: FormCounts, counter: FormCounterKey): number => counts.get(counter) ?? 0;
