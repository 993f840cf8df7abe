import { withFilterKeys, type ApplicationRow } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { patchEachDocument } from './patch-each-document';
import type { Migration } from './run-migrations';

/**
 * Rows accepted before rows stored `offerPending` lack the key, so the "Offer pending" filter
 * missed them: each accepted row gets the key its decision and reply give it. Only accepted rows
 * can be pending, and every other row without the key already reads as "not pending". Such a row
 * lacks the `decisionStage` the filter reads now too: it gets it here, as every row does in
 * `decisionStagesMigration`.
 */
export const offerPendingMigration: Migration = {
  id: '2026-11-offer-pending',
  run: (store) =>
    patchEachDocument<ApplicationRow>(
      store,
      COLLECTIONS.reviewStatuses,
      [{ field: 'decision', value: 'accepted' }],
      (row) => {
        const { offerPending, decisionStage } = withFilterKeys(row);
        return row.offerPending === offerPending && row.decisionStage === decisionStage
          ? null
          : { offerPending, decisionStage };
      },
    ),
};
