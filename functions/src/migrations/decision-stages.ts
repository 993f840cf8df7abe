import { decisionStage, type ApplicationRow } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { patchEachDocument } from './patch-each-document';
import type { Migration } from './run-migrations';

/**
 * Rows stored before rows kept `decisionStage` lack it, so the decision and offer filters, which
 * query it (docs/performance.md#index-budget), would miss them: each row gets the stage its
 * decision and offer give it.
 */
export const decisionStagesMigration: Migration = {
  id: '2026-12-decision-stages',
  run: (store) =>
    patchEachDocument<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [], (row) => {
      const stage = decisionStage(row);
      return row.decisionStage === stage ? null : { decisionStage: stage };
    }),
};
