import type { ApplicationForm } from '@portal/shared/domain';
import { formStatusOf, type FormStatus } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import { queryAll } from '../store/query-pages';
import type { Migration } from './run-migrations';

/**
 * The scheduler reads only the forms whose status says their next work has come (`nextWorkAt`,
 * scheduler/form-work.ts): status documents written before it lack it, so their forms would never be
 * reminded of anything. Each gets its status again from the form as it is then (in a transaction of
 * its own, so a change landing meanwhile is kept); so does a form without one.
 */
export const schedulerWorkMigration: Migration = {
  id: '2026-12-scheduler-work',
  async run(store) {
    let changed = 0;
    for (const { id } of await queryAll<ApplicationForm>(store, COLLECTIONS.forms, [])) {
      const written = await store.transaction(async (tx) => {
        const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, id);
        const status = await tx.get<FormStatus>(COLLECTIONS.formStatus, id);
        if (!form || (status && status.nextWorkAt !== undefined)) return false;
        tx.set(COLLECTIONS.formStatus, id, formStatusOf(form));
        return true;
      });
      if (written) changed += 1;
    }
    return changed;
  },
};
