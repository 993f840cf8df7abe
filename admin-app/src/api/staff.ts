import { keepPreviousData, queryOptions, useQuery } from '@portal/shared/query';
import { isApiRefusal, PREFETCHED, usePortal, type ApiClient, type ApiRequestError } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { AutoAssignJob, AutoAssignOutcome } from '@portal/shared/domain/rules/jobs';
import type { AssessmentView, AutoAssignPreview, StaffSummary } from '@portal/shared/domain/rules/staff';
import type { AssignmentsBody, AutoAssignBody, StaffQuery } from '@portal/shared/domain/schemas/staff-api';
import { apiPath } from './api-path';
import { pollWhileWriting } from './jobs';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/forms/{formId}/staff: every staff member with their load for the kind. */
export const fetchStaffSummaries = async (api: ApiClient, formId: string, query: StaffQuery) =>
  (await api.request<{ items: StaffSummary[] }>('GET', apiPath(`/admin/forms/${id(formId)}/staff`, query))).items;

export function staffSummariesQueryOptions(api: ApiClient, formId: string, filter: StaffQuery) {
  const query = { kind: filter.kind, search: filter.search?.trim() || undefined };
  return queryOptions({
    ...PREFETCHED,
    queryKey: staffKeys.staff(formId, query),
    queryFn: () => fetchStaffSummaries(api, formId, query),
  });
}

export function useStaffSummaries(formId: string, query: StaffQuery) {
  const { api } = usePortal();
  return useQuery({ ...staffSummariesQueryOptions(api, formId, query), placeholderData: keepPreviousData });
}

export const assignStaff = (api: ApiClient, body: AssignmentsBody) =>
  api.request<{ created: AssessmentView[] }>('POST', '/admin/assignments', { body });

/** The refusal of an assignment against a declared conflict of interest: asked, then sent again with `acknowledgeConflicts`. */
export const isConflictRefusal = (error: unknown): error is ApiRequestError =>
  isApiRefusal(error, 'conflict-of-interest');

export const unassign = (api: ApiClient, kind: AssessmentKind, assessmentId: string) =>
  api.request<null>('DELETE', `/admin/assessments/${id(kind)}/${id(assessmentId)}`);

/** POST …/auto-assign/preview: the plan, written nowhere (a mutation: each preview is planned anew). */
export const previewAutoAssign = (api: ApiClient, formId: string, body: AutoAssignBody) =>
  api.request<AutoAssignPreview>('POST', `/admin/forms/${id(formId)}/auto-assign/preview`, { body });

/**
 * POST …/auto-assign with the preview's planId: refused (409) if the plan changed since, or while the
 * last one is still assigning (`job-running`). Answers the reviews made, or (202) the job making them.
 */
export const applyAutoAssign = (
  api: ApiClient,
  formId: string,
  body: AutoAssignBody & Required<Pick<AutoAssignBody, 'planId'>>,
) => api.request<AutoAssignOutcome>('POST', `/admin/forms/${id(formId)}/auto-assign`, { body });

/** GET …/auto-assign/progress: how far the form's auto-assign job is, asked each second while it writes. */
export function useAutoAssignProgress(formId: string, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.autoAssignProgress(formId),
    queryFn: () => api.request<AutoAssignJob>('GET', `/admin/forms/${id(formId)}/auto-assign/progress`),
    enabled,
    refetchInterval: pollWhileWriting,
  });
}
