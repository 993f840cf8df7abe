import { type ApplicationForm, type User, type UserRole } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { responseIndexId } from '../responses/responses.repository';
import type { DocumentStore } from '../store/document-store';

/** The application-forms collection as the forms service needs it. */
export interface FormsRepository {
  get(id: string): Promise<ApplicationForm | null>;
  /** The first active form by id (docs/product.md#calls-the-portal-makes: "exactly the first"). */
  firstActive(): Promise<ApplicationForm | null>;
  getUserRole(uid: string): Promise<UserRole | null>;
  /** Whether the user has started a response to the form. */
  hasResponse(uid: string, formId: string): Promise<boolean>;
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
    getUserRole: async (uid) => (await store.get<User>(COLLECTIONS.users, uid))?.role ?? null,
    hasResponse: async (uid, formId) =>
      (await store.get(COLLECTIONS.responseIndex, responseIndexId(uid, formId))) !== null,
  };
}
