import type { ApplicationRow } from '@portal/shared/domain';
import { indexRowsForSearch } from '../staff/search-postings';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * Rows stored before the dashboard's search read postings (staff/search-postings.ts) are in none:
 * each page of rows is added to its tokens' postings (an erased row has no tokens), in
 * transactions that read the postings first, so a submit meanwhile loses nothing and running it
 * again writes nothing. Answers how many postings it wrote.
 */
export const searchPostingsMigration: Migration = {
  id: '2026-12-search-postings',
  async run(store: DocumentStore) {
    let written = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
        limit: PAGE,
        ...(after ? { after } : {}),
      });
      written += await indexRowsForSearch(
        store,
        page.items.map((item) => item.data),
      );
      after = page.nextCursor ?? undefined;
    } while (after);
    return written;
  },
};

/**
 * Postings stored before they held their rows' sort keys (`sortNames`, `submittedAts`): a search
 * reads each match's row for them. Every row is added to its postings again, which fills in the keys
 * of the rows they hold (the same transactions: a submit meanwhile loses nothing, and running it
 * again writes nothing). Answers how many postings it wrote.
 */
export const searchPostingKeysMigration: Migration = {
  id: '2026-12-search-posting-keys',
  run: (store) => searchPostingsMigration.run(store),
};
