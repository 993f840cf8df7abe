import { answerWords, rowSearchTokens, type ApplicationResponse, type ApplicationRow } from '@portal/shared/domain';
import { indexRowsForSearch } from '../staff/search-postings';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { Migration } from './run-migrations';

const PAGE = 200;

/** A row's search tokens with its response's answers' words (none to add: null). */
function tokensWithAnswers(row: ApplicationRow, response: ApplicationResponse | null): string[] | null {
  if (row.erased || !response) return null;
  const tokens = rowSearchTokens(row.searchTokens ?? [], answerWords(response.sectionResponses));
  return tokens.length === (row.searchTokens ?? []).length ? null : tokens;
}

/**
 * Rows stored before the dashboard's search found applications by their answers hold the name and
 * email tokens alone: each gets its response's answers' words after them (`rowSearchTokens`; an
 * erased row, or one whose response is gone, is left as it is), and its tokens' postings list it.
 * Each row is updated in a transaction of its own, from the row and response as they are then, so
 * running it again changes nothing.
 */
export const answerSearchTokensMigration: Migration = {
  id: '2026-12-answer-search-tokens',
  async run(store: DocumentStore) {
    let changed = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
        limit: PAGE,
        ...(after ? { after } : {}),
      });
      const updated: ApplicationRow[] = [];
      for (const { id, data } of page.items) {
        if (data.erased) continue;
        const row = await store.transaction(async (tx) => {
          const stored = await tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id);
          const response = stored && (await tx.get<ApplicationResponse>(COLLECTIONS.responses, stored.responseId));
          const tokens = stored && tokensWithAnswers(stored, response);
          if (!tokens) return null;
          tx.update(COLLECTIONS.reviewStatuses, id, { searchTokens: tokens });
          return { ...stored, searchTokens: tokens };
        });
        if (row) updated.push(row);
      }
      // The search finds rows by their tokens' postings: the words added go to theirs.
      if (updated.length > 0) await indexRowsForSearch(store, updated);
      changed += updated.length;
      after = page.nextCursor ?? undefined;
    } while (after);
    return changed;
  },
};
