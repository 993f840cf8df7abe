import { STAFF_MESSAGES, type ApplicationForm, type FormSummary } from '@portal/shared/domain';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import type { AdminFormsRepository } from './admin-forms.repository';

/**
 * The super-reviewer's forms: publish (create or replace), list with their progress, activate,
 * move the due date. Activation is exclusive: whatever makes a form active deactivates every
 * other active form in the same batch.
 *
 * Replacing a form is allowed only while nobody has a response for it. The check is a count
 * before the write, so a response started in between would be kept against the new definition;
 * the window is one publish racing an applicant's first save, and it is accepted.
 */
export function createAdminFormsService(deps: { forms: AdminFormsRepository }) {
  const { forms } = deps;

  async function existingForm(formId: string): Promise<ApplicationForm> {
    const form = await forms.get(formId);
    if (!form) throw noFormError();
    return form;
  }

  return {
    async publish(form: ApplicationForm): Promise<ApplicationForm> {
      if ((await forms.countResponses(form.id)) > 0) throw new ApiError('conflict', STAFF_MESSAGES.formHasResponses);
      await forms.save(form);
      return form;
    },

    async list(): Promise<{ items: FormSummary[] }> {
      const all = await forms.listByDueDate();
      const items = await Promise.all(
        all.map(async (form): Promise<FormSummary> => {
          const [rows, decided] = await Promise.all([forms.countRows(form.id, false), forms.countRows(form.id, true)]);
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
      await forms.save(form, { isActive: true });
      return { ...form, isActive: true };
    },

    async setDueDate(formId: string, dueDate: string): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      await forms.setDueDate(formId, dueDate);
      return { ...form, dueDate };
    },
  };
}
