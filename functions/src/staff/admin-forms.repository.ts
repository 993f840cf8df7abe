import type { ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, WriteOperation } from '../store/document-store';

/** The application-forms collection as the super-reviewer's form management reads and writes it. */
export interface AdminFormsRepository {
  get(id: string): Promise<ApplicationForm | null>;
  /** Every form, latest due date first. */
  listByDueDate(): Promise<ApplicationForm[]>;
  countResponses(formId: string): Promise<number>;
  /** The form's application rows, or only those with a final decision. */
  countRows(formId: string, finalOnly: boolean): Promise<number>;
  /** One batch: the form written whole (or, with `patch`, patched), every other active form deactivated when it is active. */
  save(form: ApplicationForm, patch?: Partial<ApplicationForm>): Promise<void>;
  setDueDate(formId: string, dueDate: string): Promise<void>;
}

export function createAdminFormsRepository(store: DocumentStore): AdminFormsRepository {
  const count = (collection: string, formId: string, extra: { field: string; value: boolean }[] = []) =>
    store.count(collection, [{ field: 'applicationFormId', value: formId }, ...extra]);

  async function deactivateOthers(formId: string): Promise<WriteOperation[]> {
    const active = await store.query<ApplicationForm>(COLLECTIONS.forms, {
      where: [{ field: 'isActive', value: true }],
    });
    return active.items
      .filter((item) => item.id !== formId)
      .map((item) => ({ kind: 'update', collection: COLLECTIONS.forms, id: item.id, patch: { isActive: false } }));
  }

  return {
    get: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    async listByDueDate() {
      const forms = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        orderBy: { field: 'dueDate', direction: 'desc' },
      });
      return forms.items.map((item) => item.data);
    },
    countResponses: (formId) => count(COLLECTIONS.responses, formId),
    countRows: (formId, finalOnly) =>
      count(COLLECTIONS.reviewStatuses, formId, finalOnly ? [{ field: 'final', value: true }] : []),
    async save(form, patch) {
      const write: WriteOperation = patch
        ? { kind: 'update', collection: COLLECTIONS.forms, id: form.id, patch }
        : { kind: 'set', collection: COLLECTIONS.forms, id: form.id, data: form };
      const active = patch?.isActive ?? form.isActive;
      await store.batch([write, ...(active ? await deactivateOthers(form.id) : [])]);
    },
    setDueDate: (formId, dueDate) => store.update(COLLECTIONS.forms, formId, { dueDate }),
  };
}
