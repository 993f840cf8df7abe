import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@portal/shared/client';
import type { ApplicationForm, FormSummary } from '@portal/shared/domain';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/forms: every form with its decision counts. */
export function formSummariesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: staffKeys.forms(),
    queryFn: async () => (await api.request<{ items: FormSummary[] }>('GET', '/admin/forms')).items,
  });
}

export function activateForm(api: ApiClient, formId: string) {
  return api.request<ApplicationForm>('POST', `/admin/forms/${id(formId)}/activate`, { body: {} });
}

export function saveDueDate(api: ApiClient, formId: string, dueDate: string) {
  return api.request<ApplicationForm>('PUT', `/admin/forms/${id(formId)}/due-date`, { body: { dueDate } });
}

/** POST /application/forms: validates and stores a form definition (400 with per-field details). */
export function saveFormDefinition(api: ApiClient, definition: unknown) {
  return api.request<ApplicationForm>('POST', '/application/forms', { body: definition });
}
