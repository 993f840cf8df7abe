import { STAFF_MESSAGES, type ApplicationForm, type FormSummary } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import type { DocumentStore, WriteOperation } from '../store/document-store';

export const noFormError = () => new ApiError('not-found', STAFF_MESSAGES.noForm);

/**
 * The super-reviewer's forms: publish (create or replace), list with their progress, activate,
 * move the due date. Activation is exclusive: whatever makes a form active deactivates every
 * other active form in the same batch.
 *
 * Replacing a form is allowed only while nobody has a response for it. The check is a count
 * before the write, so a response started in between would be kept against the new definition;
 * the window is one publish racing an applicant's first save, and it is accepted.
 */
export function createAdminFormsService(deps: { store: DocumentStore }) {
  const { store } = deps;

  async function deactivateOthers(formId: string): Promise<WriteOperation[]> {
    const active = await store.query<ApplicationForm>(COLLECTIONS.forms, {
      where: [{ field: 'isActive', value: true }],
    });
    return active.items
      .filter((item) => item.id !== formId)
      .map((item) => ({ kind: 'update', collection: COLLECTIONS.forms, id: item.id, patch: { isActive: false } }));
  }

  async function existingForm(formId: string): Promise<ApplicationForm> {
    const form = await store.get<ApplicationForm>(COLLECTIONS.forms, formId);
    if (!form) throw noFormError();
    return form;
  }

  const count = (collection: string, formId: string, extra: { field: string; value: boolean }[] = []) =>
    store.count(collection, [{ field: 'applicationFormId', value: formId }, ...extra]);

  return {
    async publish(form: ApplicationForm): Promise<ApplicationForm> {
      if ((await count(COLLECTIONS.responses, form.id)) > 0) {
        throw new ApiError('conflict', STAFF_MESSAGES.formHasResponses);
      }
      await store.batch([
        { kind: 'set', collection: COLLECTIONS.forms, id: form.id, data: form },
        ...(form.isActive ? await deactivateOthers(form.id) : []),
      ]);
      return form;
    },

    async list(): Promise<{ items: FormSummary[] }> {
      const forms = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        orderBy: { field: 'dueDate', direction: 'desc' },
      });
      const items = await Promise.all(
        forms.items.map(async ({ data: form }): Promise<FormSummary> => {
          const [rows, decided] = await Promise.all([
            count(COLLECTIONS.reviewStatuses, form.id),
            count(COLLECTIONS.reviewStatuses, form.id, [{ field: 'final', value: true }]),
          ]);
          return {
            id: form.id,
            semester: form.semester,
            isActive: form.isActive,
            decisionsReleased: form.decisionsReleased,
            dueDate: form.dueDate,
            rows,
            decided,
          };
        }),
      );
      return { items };
    },

    async activate(formId: string): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      await store.batch([
        { kind: 'update', collection: COLLECTIONS.forms, id: formId, patch: { isActive: true } },
        ...(await deactivateOthers(formId)),
      ]);
      return { ...form, isActive: true };
    },

    async setDueDate(formId: string, dueDate: string): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      await store.update(COLLECTIONS.forms, formId, { dueDate });
      return { ...form, dueDate };
    },
  };
}
