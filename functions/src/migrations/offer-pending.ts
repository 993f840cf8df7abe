import { withOfferPending, type ApplicationRow } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * Rows accepted before rows stored `offerPending` lack the key, so the "Offer pending" filter
 * missed them: each accepted row gets the key its decision and reply give it. Only accepted rows
 * can be pending, and every other row without the key already reads as "not pending". Each row is
 * updated in a transaction of its own, from the row as it is then, so a decision or a reply landing
 * meanwhile is never overwritten.
 */
export const offerPendingMigration: Migration = {
  id: '2026-11-offer-pending',
  async run(store: DocumentStore): Promise<number> {
    let changed = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
        where: [{ field: 'decision', value: 'accepted' }],
        limit: PAGE,
        ...(after ? { after } : {}),
      });
      for (const { id } of page.items) {
        const updated = await store.transaction(async (tx) => {
          const row = await tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id);
          if (!row) return false;
          const { offerPending } = withOfferPending(row);
          if (row.offerPending === offerPending) return false;
          tx.update(COLLECTIONS.reviewStatuses, id, { offerPending });
          return true;
        });
        if (updated) changed += 1;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
    return changed;
  },
};
