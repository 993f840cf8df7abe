import { RESPONSE_MESSAGES, type ApplicationForm } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import type { FormsRepository } from './forms.repository';

export const FORM_MESSAGES = {
  noForm: 'No form with this ID!',
} as const;

export const noFormError = () => new ApiError('not-found', FORM_MESSAGES.noForm);

export interface FormsService {
  getActive(): Promise<ApplicationForm>;
  get(formId: string): Promise<ApplicationForm>;
}

export function createFormsService(deps: { forms: FormsRepository }): FormsService {
  const { forms } = deps;
  return {
    async getActive() {
      const form = await forms.firstActive();
      if (!form) throw new ApiError('not-found', RESPONSE_MESSAGES.noActiveForm);
      return form;
    },
    async get(formId) {
      const form = await forms.get(formId);
      if (!form) throw noFormError();
      return form;
    },
  };
}
