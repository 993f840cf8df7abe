import { type ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/** The application-forms collection as the forms service needs it. */
export interface FormsRepository {
  get(id: string): Promise<ApplicationForm | null>;
  /** The first active form by id (spec section 7: "exactly the first"). */
  firstActive(): Promise<ApplicationForm | null>;
}

export function createFormsRepository(store: DocumentStore): FormsRepository {
  return {
    get: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    async firstActive() {
      const page = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        where: [{ field: 'isActive', value: true }],
        limit: 1,
      });
      return page.items[0]?.data ?? null;
    },
  };
}
