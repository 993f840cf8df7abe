import type { DocumentData, DocumentStore, EqualityFilter } from '../store/document-store';

const PAGE = 200;

/**
 * Walks the documents of `collection` that match `where`, a page at a time, and updates each in a
 * transaction of its own, from the document as it is then, with the patch `patchOf` gives (none:
 * left as it is; a document the query found needing none is not read again). So a write landing meanwhile is never overwritten, and a run cut short can simply
 * run again. Returns how many documents it changed.
 */
export async function patchEachDocument<T extends DocumentData>(
  store: DocumentStore,
  collection: string,
  where: EqualityFilter[],
  patchOf: (document: T) => Partial<T> | null,
): Promise<number> {
  let changed = 0;
  let after: string | undefined;
  do {
    const page = await store.query<T>(collection, { where, limit: PAGE, ...(after ? { after } : {}) });
    for (const { id, data } of page.items) {
      // As read by the query: nothing to change (checked again in the transaction when there is).
      if (!patchOf(data)) continue;
      const updated = await store.transaction(async (tx) => {
        const document = await tx.get<T>(collection, id);
        const patch = document && patchOf(document);
        if (!patch) return false;
        tx.update(collection, id, patch);
        return true;
      });
      if (updated) changed += 1;
    }
    after = page.nextCursor ?? undefined;
  } while (after);
  return changed;
}
