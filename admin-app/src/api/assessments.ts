import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@portal/shared/client';
import type { AssessmentBody, AssessmentKind, AssessmentScreen, AssessmentView, Page } from '@portal/shared/domain';
import { staffKeys } from './keys';

export interface AssessmentsFilter {
  kind: AssessmentKind;
  search?: string;
}

/** The list's path with its query in a fixed order (kind, search, cursor), empty values left out. */
export function assessmentsPath(formId: string, { kind, search }: AssessmentsFilter, cursor?: string | null): string {
  const params = new URLSearchParams({ kind });
  const text = search?.trim();
  if (text) params.set('search', text);
  if (cursor) params.set('cursor', cursor);
  return `/admin/forms/${encodeURIComponent(formId)}/assessments?${params.toString()}`;
}

/** GET /admin/forms/{formId}/assessments: the caller's own reviews or interviews, page by page. */
export function myAssessmentsQueryOptions(api: ApiClient, formId: string, filter: AssessmentsFilter) {
  const query = { kind: filter.kind, search: filter.search?.trim() ?? '' };
  return infiniteQueryOptions({
    queryKey: staffKeys.assessments(formId, query),
    queryFn: ({ pageParam }) => api.request<Page<AssessmentView>>('GET', assessmentsPath(formId, query, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const assessmentPath = (kind: AssessmentKind, id: string) =>
  `/admin/assessments/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** GET /admin/assessments/{kind}/{id}: what the review and interview screens show. */
export function assessmentScreenQueryOptions(api: ApiClient, kind: AssessmentKind, id: string) {
  return queryOptions({
    queryKey: staffKeys.assessment(kind, id),
    queryFn: () => api.request<AssessmentScreen>('GET', assessmentPath(kind, id)),
  });
}

/** PUT: saves a draft (partial scores allowed); answers the view at the next version, 409 when stale. */
export function saveAssessment(api: ApiClient, kind: AssessmentKind, id: string, body: AssessmentBody) {
  return api.request<AssessmentView>('PUT', assessmentPath(kind, id), { body });
}

export function submitAssessment(api: ApiClient, kind: AssessmentKind, id: string, body: AssessmentBody) {
  return api.request<AssessmentView>('POST', `${assessmentPath(kind, id)}/submit`, { body });
}

export function reopenAssessment(api: ApiClient, kind: AssessmentKind, id: string) {
  return api.request<AssessmentView>('POST', `${assessmentPath(kind, id)}/reopen`, { body: {} });
}
