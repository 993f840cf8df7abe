import { queryOptions, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { ActivationImpact, FormSummary } from '@portal/shared/domain/rules/staff';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { DueDateBody } from '@portal/shared/domain/schemas/staff-api';
import type { RetentionDryRun } from '@portal/shared/domain/schemas/retention';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/forms: every form with its decision counts. */
export const formSummariesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: staffKeys.forms(),
    queryFn: async () => (await api.request<{ items: FormSummary[] }>('GET', '/admin/forms')).items,
  });

export function useFormSummaries() {
  const { api } = usePortal();
  return useQuery(formSummariesQueryOptions(api));
}

/** GET /admin/forms/{formId}/activation: the active forms "Make active" would turn off, with their work under way. */
export function useActivationImpact(formId: string, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.activation(formId),
    queryFn: () => api.request<ActivationImpact>('GET', `/admin/forms/${id(formId)}/activation`),
    enabled,
  });
}

export const activateForm = (api: ApiClient, formId: string) =>
  api.request<ApplicationForm>('POST', `/admin/forms/${id(formId)}/activate`, { body: {} });

export const saveDueDate = (api: ApiClient, formId: string, body: DueDateBody) =>
  api.request<ApplicationForm>('PUT', `/admin/forms/${id(formId)}/due-date`, { body });

/** GET /admin/forms/{formId}/retention: the form's data retention and what its erasure would remove now (only when asked). */
export function useRetentionDryRun(formId: string, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.retention(formId),
    queryFn: () => api.request<RetentionDryRun>('GET', `/admin/forms/${id(formId)}/retention`),
    enabled,
  });
}

/** POST /application/forms: validates and stores a form definition (400 with per-field details). */
export const saveFormDefinition = (api: ApiClient, definition: unknown) =>
  api.request<ApplicationForm>('POST', '/application/forms', { body: definition });
