import type { ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { recountForm } from '../store/form-counters';
import { queryAllWithIds } from '../store/query-pages';
import type { Migration } from './run-migrations';

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
    const forms = await queryAllWithIds<ApplicationForm>(store, COLLECTIONS.forms, []);
    for (const { id } of forms) await recountForm(store, id);
    return forms.length;
  },
};
