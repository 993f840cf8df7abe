import type { ApplicationForm } from '@portal/shared/domain';
import { formStatusOf, sameStatus, type FormStatus } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import type { Migration } from './run-migrations';

const PAGE = 200;

/**
 * Forms stored before the `form-status` documents get theirs, from the form as it is then (each in
 * a transaction of its own, so a release or a due-date change landing meanwhile is kept). Until
 * then a start, save or submit on such a form derives its status from the form, in its transaction.
 */
export const formStatusMigration: Migration = {
  id: '2026-11-form-status',
  async run(store) {
    let changed = 0;
    let after: string | undefined;
    do {
      const page = await store.query<ApplicationForm>(COLLECTIONS.forms, { limit: PAGE, ...(after ? { after } : {}) });
      for (const { id } of page.items) {
        const written = await store.transaction(async (tx) => {
          const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, id);
          const status = await tx.get<FormStatus>(COLLECTIONS.formStatus, id);
          if (!form || (status && sameStatus(status, formStatusOf(form)))) return false;
          tx.set(COLLECTIONS.formStatus, id, formStatusOf(form));
          return true;
        });
        if (written) changed += 1;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
    return changed;
  },
};
