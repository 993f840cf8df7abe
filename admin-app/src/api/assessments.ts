import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { AssessmentScreen, AssessmentView, Page } from '@portal/shared/domain/rules/staff';
import type { AssessmentBody, AssessmentsQuery } from '@portal/shared/domain/schemas/staff-api';
import { apiPath } from './api-path';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/forms/{formId}/assessments: one page of someone's reviews or interviews (a reviewer: their own). */
export const fetchAssessments = (api: ApiClient, formId: string, query: AssessmentsQuery) =>
  api.request<Page<AssessmentView>>('GET', apiPath(`/admin/forms/${id(formId)}/assessments`, query));

/** The caller's own reviews or interviews, page after page ("Load more"). */
export function myAssessmentsQueryOptions(
  api: ApiClient,
  formId: string,
  filter: Pick<AssessmentsQuery, 'kind' | 'search'>,
) {
  const query = { kind: filter.kind, search: filter.search?.trim() ?? '' };
  return infiniteQueryOptions({
    queryKey: staffKeys.assessments(formId, query),
    queryFn: ({ pageParam }) => fetchAssessments(api, formId, { ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMyAssessments(formId: string, filter: Pick<AssessmentsQuery, 'kind' | 'search'>) {
  const { api } = usePortal();
  return useInfiniteQuery({ ...myAssessmentsQueryOptions(api, formId, filter), placeholderData: keepPreviousData });
}

/** One staff member's reviews or interviews, one page at a time (the super-reviewer's view). */
export const staffAssessmentsQueryOptions = (api: ApiClient, formId: string, query: AssessmentsQuery) =>
  queryOptions({ queryKey: staffKeys.assessments(formId, query), queryFn: () => fetchAssessments(api, formId, query) });

export function useStaffAssessments(formId: string, query: AssessmentsQuery) {
  const { api } = usePortal();
  return useQuery({ ...staffAssessmentsQueryOptions(api, formId, query), placeholderData: keepPreviousData });
}

const assessmentPath = (kind: AssessmentKind, assessmentId: string) =>
  `/admin/assessments/${id(kind)}/${id(assessmentId)}`;

/** GET /admin/assessments/{kind}/{id}: what the review and interview screens show. */
export function assessmentScreenQueryOptions(api: ApiClient, kind: AssessmentKind, assessmentId: string) {
  return queryOptions({
    queryKey: staffKeys.assessment(kind, assessmentId),
    queryFn: () => api.request<AssessmentScreen>('GET', assessmentPath(kind, assessmentId)),
  });
}

/** PUT: saves a draft (partial scores allowed); answers the view at the next version, 409 when stale. */
export function saveAssessment(api: ApiClient, kind: AssessmentKind, assessmentId: string, body: AssessmentBody) {
  return api.request<AssessmentView>('PUT', assessmentPath(kind, assessmentId), { body });
}

export function submitAssessment(api: ApiClient, kind: AssessmentKind, assessmentId: string, body: AssessmentBody) {
  return api.request<AssessmentView>('POST', `${assessmentPath(kind, assessmentId)}/submit`, { body });
}

export function reopenAssessment(api: ApiClient, kind: AssessmentKind, assessmentId: string) {
  return api.request<AssessmentView>('POST', `${assessmentPath(kind, assessmentId)}/reopen`, { body: {} });
}
