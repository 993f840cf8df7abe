import { isStaffRole, RESPONSE_MESSAGES, type ApplicationForm } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import type { FormsRepository } from './forms.repository';

export const FORM_MESSAGES = {
  noForm: 'No form with this ID!',
} as const;

export const noFormError = () => new ApiError('not-found', FORM_MESSAGES.noForm);

export interface FormsService {
  getActive(): Promise<ApplicationForm>;
  /** The form as `uid` may read it: see `get` below. */
  get(formId: string, uid: string): Promise<ApplicationForm>;
}

export function createFormsService(deps: { forms: FormsRepository }): FormsService {
  const { forms } = deps;
  return {
    async getActive() {
      const form = await forms.firstActive();
      if (!form) throw new ApiError('not-found', RESPONSE_MESSAGES.noActiveForm);
      return form;
    },
    /**
     * The active form is everyone's to read; an inactive one (a past cycle, a draft, and its
     * rubrics) only staff's and its applicants'. Anyone else learns nothing of it.
     */
    async get(formId, uid) {
      const form = await forms.get(formId);
      if (!form) throw noFormError();
      if (form.isActive) return form;
      const role = await forms.getUserRole(uid);
      if (role && isStaffRole(role)) return form;
      if (await forms.hasResponse(uid, formId)) return form;
      throw noFormError();
    },
  };
}
