import type { ApplicationForm } from '@portal/shared/domain';
import { reflagDisagreement } from '../staff/disagreement-flags';
import { COLLECTIONS } from '../store/collections';
import { queryAll } from '../store/query-pages';
import type { Migration } from './run-migrations';

/**
 * Rows reviewed before rows stored `disagreementFlag` lack it, so the "Disagreement" filter, which
 * queries the flag, would miss them: each form's rows get the flag their reviews give.
 */
export const disagreementFlagsMigration: Migration = {
  id: '2026-11-disagreement-flags',
  async run(store) {
    let changed = 0;
    for (const form of await queryAll<ApplicationForm>(store, COLLECTIONS.forms, [])) {
      changed += await reflagDisagreement(store, form);
    }
    return changed;
  },
};
