import { isStaffRole, RESPONSE_MESSAGES, type ApplicationForm } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { withRenderedForm } from '../markdown/rendered-markdown';
import type { FormsRepository } from './forms.repository';

export const FORM_MESSAGES = {
  noForm: 'No form with this ID!',
} as const;

export const noFormError = () => new ApiError('not-found', FORM_MESSAGES.noForm);

/**
 * A form as an applicant reads it: without its decision letters (each reads only their own, filled
 * in, after release) and its email templates (each receives their own messages), with the HTML of
 * its markdown texts (`renderedMarkdown`: the applicant's pages download no renderer). Staff read
 * the form as stored, and render its markdown in the browser with the same code.
 */
export function formForApplicant(form: ApplicationForm): ApplicationForm {
  const { letters: _letters, messages: _messages, ...rest } = form;
  return withRenderedForm(rest);
}

export interface FormsService {
  /** The active form; its letters only for staff. */
  getActive(uid: string): Promise<ApplicationForm>;
  /** The form as `uid` may read it: see `get` below. */
  get(formId: string, uid: string): Promise<ApplicationForm>;
}

export function createFormsService(deps: { forms: FormsRepository }): FormsService {
  const { forms } = deps;
  const isStaff = async (uid: string) => {
    const role = await forms.getUserRole(uid);
    return role !== null && isStaffRole(role);
  };
  return {
    async getActive(uid) {
      const form = await forms.firstActive();
      if (!form) throw ApiError.because('no-active-form', RESPONSE_MESSAGES.noActiveForm);
      return (await isStaff(uid)) ? form : formForApplicant(form);
    },
    /**
     * The active form is everyone's to read; an inactive one (a past cycle, a draft, and its
     * rubrics) only staff's and its applicants'. Anyone else learns nothing of it. Letters: staff only.
     */
    async get(formId, uid) {
      const form = await forms.get(formId);
      if (!form) throw noFormError();
      if (await isStaff(uid)) return form;
      if (form.isActive || (await forms.hasResponse(uid, formId))) return formForApplicant(form);
      throw noFormError();
    },
  };
}
