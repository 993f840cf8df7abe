import { LRUCache } from 'lru-cache';
import type { DocumentData } from './document-store';

/**
 * What an adapter reads of a stored document before decoding it: a token that changes whenever the
 * stored document changes (SQLite: the stored JSON itself; Firestore: its update time, which a
 * delete and re-create also moves), and how to decode it.
 */
export interface RawDocument {
  token: string;
  decode(): DocumentData;
}

/**
 * A value derived from a stored document (e.g. a form, parsed and frozen), kept per document while
 * the stored document is unchanged: `DocumentStore.getDerived` and `StoreTransaction.getDerived`
 * still read the document (in a transaction, as part of its consistent view), but decode and derive
 * it again only when its token has changed since. Every server instance reads the current token, so
 * an edit made through any instance is seen by the next read everywhere.
 *
 * The value is shared by every caller until the document changes: `derive` should freeze it.
 */
export class DerivedCache<T> {
  private readonly entries: LRUCache<string, { token: string; value: T }>;

  constructor(
    private readonly derive: (data: DocumentData) => T,
    max = 100,
  ) {
    this.entries = new LRUCache({ max });
  }

  /** The value for the document `collection/id` as read (`raw`), derived again only if it changed. */
  valueOf(collection: string, id: string, raw: RawDocument): T {
    const key = `${collection}/${id}`;
    const kept = this.entries.get(key);
    if (kept && kept.token === raw.token) return kept.value;
    const value = this.derive(raw.decode());
    this.entries.set(key, { token: raw.token, value });
    return value;
  }
}

/** A deep-frozen copy's original: objects and arrays frozen in place (a JSON document has no cycles). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
