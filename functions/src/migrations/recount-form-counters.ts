import type { ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { recountForm } from '../store/form-counters';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * Counts every form's counters again from its rows and responses (store/form-counters.ts), one
 * transaction per form (a write meanwhile runs before or after it, so running it again is safe):
 * - forms counted before the disagreement filter's total was a counter have none for it, and that
 *   total would read 0;
 * - forms never counted would be counted by their first read, perhaps while applicants save, and
 *   that transaction over the form's rows and responses holds up every save until it ends (forms
 *   made since start with their counters).
 * Answers how many forms it counted.
 */
export const recountFormCountersMigration: Migration = {
  id: '2026-12-recount-form-counters',
  async run(store: DocumentStore) {
    let counted = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        limit: PAGE,
        fields: ['id'],
        ...(after ? { after } : {}),
      });
      for (const { id } of page.items) {
        await recountForm(store, id);
        counted += 1;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
    return counted;
  },
};
