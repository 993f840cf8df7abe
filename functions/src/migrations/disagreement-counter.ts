import { tabCounterKey, type ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { countOf, recountForm, storedFormCounts } from '../store/form-counters';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * Forms counted before the disagreement filter's total was a counter (store/form-counters.ts) keep
 * none for it, and its total would read 0: each form with counters is counted again from its rows
 * (one transaction each; a write meanwhile runs before or after it, so running it again changes
 * nothing). A form without counters yet gets them all at its first read. Answers how many forms'
 * disagreement totals it changed.
 */
export const disagreementCounterMigration: Migration = {
  id: '2026-12-disagreement-counter',
  async run(store: DocumentStore) {
    const key = tabCounterKey(false, 'disagreement');
    let changed = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        limit: PAGE,
        fields: ['id'],
        ...(after ? { after } : {}),
      });
      for (const { id } of page.items) {
        const stored = await storedFormCounts(store, id);
        if (!stored) continue;
        if (countOf(await recountForm(store, id), key) !== countOf(stored, key)) changed += 1;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
    return changed;
  },
};
