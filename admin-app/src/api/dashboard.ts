import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@portal/shared/client';
import type {
  ApplicationForm,
  ApplicationRowView,
  AssessmentKind,
  AssessmentView,
  AssignmentsBody,
  AutoAssignPreview,
  FinalDecision,
  Page,
  RowSort,
  RowTab,
  StaffApplication,
  StaffSummary,
  TeamRole,
} from '@portal/shared/domain';
import { staffKeys } from './keys';

const id = encodeURIComponent;

export interface RowsQuery {
  tab: RowTab;
  search: string;
  sort: RowSort;
  dir: 'asc' | 'desc';
  cursor: string | null;
}

export const ROWS_PAGE_SIZE = 25;

/** The rows path with its query in a fixed order (tab, search, sort, dir, cursor, limit), empty values left out. */
export function rowsPath(formId: string, query: RowsQuery): string {
  const params = new URLSearchParams({ tab: query.tab });
  const search = query.search.trim();
  if (search) params.set('search', search);
  params.set('sort', query.sort);
  params.set('dir', query.dir);
  if (query.cursor) params.set('cursor', query.cursor);
  params.set('limit', String(ROWS_PAGE_SIZE));
  return `/admin/forms/${id(formId)}/rows?${params.toString()}`;
}

/** GET /admin/forms/{formId}/rows: one page of the dashboard's rows. */
export function rowsQueryOptions(api: ApiClient, formId: string, query: RowsQuery) {
  return queryOptions({
    queryKey: staffKeys.rows(formId, { ...query, search: query.search.trim() }),
    queryFn: () => api.request<Page<ApplicationRowView>>('GET', rowsPath(formId, query)),
  });
}

export function staffPath(formId: string, kind: AssessmentKind, search = ''): string {
  const params = new URLSearchParams({ kind });
  if (search.trim()) params.set('search', search.trim());
  return `/admin/forms/${id(formId)}/staff?${params.toString()}`;
}

/** GET /admin/forms/{formId}/staff: every staff member with their load for the kind. */
export function staffQueryOptions(api: ApiClient, formId: string, kind: AssessmentKind, search = '') {
  return queryOptions({
    queryKey: [...staffKeys.staff(formId, kind), search.trim()],
    queryFn: async () => (await api.request<{ items: StaffSummary[] }>('GET', staffPath(formId, kind, search))).items,
  });
}

export function staffAssessmentsPath(
  formId: string,
  kind: AssessmentKind,
  staffId: string,
  cursor: string | null = null,
): string {
  const params = new URLSearchParams({ kind, staffId });
  if (cursor) params.set('cursor', cursor);
  return `/admin/forms/${id(formId)}/assessments?${params.toString()}`;
}

/** GET /admin/forms/{formId}/assessments: one page of one staff member's reviews or interviews. */
export function staffAssessmentsQueryOptions(
  api: ApiClient,
  formId: string,
  kind: AssessmentKind,
  staffId: string,
  cursor: string | null = null,
) {
  return queryOptions({
    queryKey: staffKeys.assessments(formId, { kind, staffId, cursor }),
    queryFn: () => api.request<Page<AssessmentView>>('GET', staffAssessmentsPath(formId, kind, staffId, cursor)),
  });
}

/** GET /admin/responses/{responseId}: the application with its rows. */
export function staffApplicationQueryOptions(api: ApiClient, responseId: string) {
  return queryOptions({
    queryKey: staffKeys.application(responseId),
    queryFn: () => api.request<StaffApplication>('GET', `/admin/responses/${id(responseId)}`),
  });
}

const rowPath = (responseId: string, role: TeamRole) => `/admin/rows/${id(responseId)}/${id(role)}`;

export function setQualified(api: ApiClient, responseId: string, role: TeamRole, qualified: boolean) {
  return api.request<ApplicationRowView>('PUT', `${rowPath(responseId, role)}/qualified`, { body: { qualified } });
}

export function setDecision(api: ApiClient, responseId: string, role: TeamRole, decision: FinalDecision) {
  return api.request<ApplicationRowView>('PUT', `${rowPath(responseId, role)}/decision`, { body: { decision } });
}

export function assignStaff(api: ApiClient, body: AssignmentsBody) {
  return api.request<{ created: AssessmentView[] }>('POST', '/admin/assignments', { body });
}

export function unassign(api: ApiClient, kind: AssessmentKind, assessmentId: string) {
  return api.request<null>('DELETE', `/admin/assessments/${id(kind)}/${id(assessmentId)}`);
}

export function releaseDecisions(api: ApiClient, formId: string) {
  return api.request<ApplicationForm>('POST', `/admin/forms/${id(formId)}/release`, { body: {} });
}

export function previewAutoAssign(api: ApiClient, formId: string, reviewersPerApplication: number) {
  return api.request<AutoAssignPreview>('POST', `/admin/forms/${id(formId)}/auto-assign/preview`, {
    body: { reviewersPerApplication },
  });
}

export function applyAutoAssign(api: ApiClient, formId: string, reviewersPerApplication: number, planId: string) {
  return api.request<{ created: number }>('POST', `/admin/forms/${id(formId)}/auto-assign`, {
    body: { reviewersPerApplication, planId },
  });
}
