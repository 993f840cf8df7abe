import { keepPreviousData, queryOptions, useQuery } from '@portal/shared/query';
import { PREFETCHED, usePortal, type ApiClient } from '@portal/shared/client';
import type { TeamRole } from '@portal/shared/domain/ids/constants';
import type { LetterPreview } from '@portal/shared/domain/messages/decision-letters';
import type { ApplicationRowView, DenialCandidate, OfferCounts } from '@portal/shared/domain/rules/application-row';
import type { AddedReviewer, DashboardRowView } from '@portal/shared/domain/rules/fair-review';
import type { Page } from '@portal/shared/domain/rules/staff';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { UndecidedCounts } from '@portal/shared/domain/schemas/release-schedule';
import type {
  BulkDecisionBody,
  BulkQualifiedBody,
  DecisionBody,
  OfferDeadlineBody,
  DenyUndecidedBody,
  QualifiedBody,
  RowsQuery,
} from '@portal/shared/domain/schemas/staff-api';
import { apiPath } from './api-path';
import { staffKeys } from './keys';

const id = encodeURIComponent;
const rowPath = (responseId: string, role: TeamRole) => `/admin/rows/${id(responseId)}/${id(role)}`;

/** GET /admin/forms/{formId}/rows: one page of the dashboard's rows. */
export const fetchRows = (api: ApiClient, formId: string, query: RowsQuery) =>
  api.request<Page<DashboardRowView>>('GET', apiPath(`/admin/forms/${id(formId)}/rows`, query));

export const rowsQueryOptions = (api: ApiClient, formId: string, query: RowsQuery) =>
  queryOptions({
    ...PREFETCHED,
    queryKey: staffKeys.rows(formId, query),
    queryFn: () => fetchRows(api, formId, query),
  });

/** A page of rows; the previous page stays on screen while the next one loads. */
export function useRows(formId: string, query: RowsQuery) {
  const { api } = usePortal();
  return useQuery({ ...rowsQueryOptions(api, formId, query), placeholderData: keepPreviousData });
}

export const setQualified = (api: ApiClient, responseId: string, role: TeamRole, body: QualifiedBody) =>
  api.request<ApplicationRowView>('PUT', `${rowPath(responseId, role)}/qualified`, { body });

/** POST …/add-reviewer: one more review of the row, for the least loaded eligible reviewer. */
export const addReviewer = (api: ApiClient, responseId: string, role: TeamRole) =>
  api.request<AddedReviewer>('POST', `${rowPath(responseId, role)}/add-reviewer`, { body: {} });

export const setDecision = (api: ApiClient, responseId: string, role: TeamRole, body: DecisionBody) =>
  api.request<ApplicationRowView>('PUT', `${rowPath(responseId, role)}/decision`, { body });

/** GET /admin/forms/{formId}/offers: offers made per role and the applicants' replies. */
export const fetchOffers = (api: ApiClient, formId: string) =>
  api.request<{ items: OfferCounts[] }>('GET', `/admin/forms/${id(formId)}/offers`);

export const offersQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({ ...PREFETCHED, queryKey: staffKeys.offers(formId), queryFn: () => fetchOffers(api, formId) });

export function useOffers(formId: string) {
  const { api } = usePortal();
  return useQuery(offersQueryOptions(api, formId));
}

/** GET /admin/forms/{formId}/undecided: what holds up the release. */
export const fetchUndecided = (api: ApiClient, formId: string) =>
  api.request<UndecidedCounts>('GET', `/admin/forms/${id(formId)}/undecided`);

export function useUndecidedCounts(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({ queryKey: staffKeys.undecided(formId), queryFn: () => fetchUndecided(api, formId), enabled });
}

/** GET /admin/forms/{formId}/undecided/unqualified: every row the bulk denial considers, with what holds it back. */
export const fetchDenialCandidates = (api: ApiClient, formId: string) =>
  api.request<{ items: DenialCandidate[] }>('GET', `/admin/forms/${id(formId)}/undecided/unqualified`);

export function useDenialCandidates(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.denialCandidates(formId),
    queryFn: () => fetchDenialCandidates(api, formId),
    enabled,
  });
}

/**
 * POST /admin/forms/{formId}/deny-undecided-unqualified: every undecided, unqualified row without a
 * hold denied, and the held rows named in `include` (audited per row).
 */
export const denyUndecidedUnqualified = (api: ApiClient, formId: string, body: DenyUndecidedBody) =>
  api.request<{ denied: number; held: number }>('POST', `/admin/forms/${id(formId)}/deny-undecided-unqualified`, {
    body,
  });

/** POST /admin/forms/{formId}/release; the server refuses (409) while rows are undecided. */
export const releaseDecisions = (api: ApiClient, formId: string) =>
  api.request<ApplicationForm>('POST', `/admin/forms/${id(formId)}/release`, { body: {} });

/** POST /admin/forms/{formId}/rows/qualified: the selected rows qualified or not (audited per row). */
export const qualifyRows = (api: ApiClient, formId: string, body: BulkQualifiedBody) =>
  api.request<{ updated: number }>('POST', `/admin/forms/${id(formId)}/rows/qualified`, { body });

/** POST /admin/forms/{formId}/rows/decision: one decision for the selected rows (audited per row). */
export const decideRows = (api: ApiClient, formId: string, body: BulkDecisionBody) =>
  api.request<{ updated: number }>('POST', `/admin/forms/${id(formId)}/rows/decision`, { body });

/** GET /admin/rows/{responseId}/{role}/letter: the letter the row's applicant will read after release. */
export const fetchLetterPreview = (api: ApiClient, responseId: string, role: TeamRole) =>
  api.request<LetterPreview>('GET', `${rowPath(responseId, role)}/letter`);

export function useLetterPreview(responseId: string, role: TeamRole, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.letter(responseId, role),
    queryFn: () => fetchLetterPreview(api, responseId, role),
    enabled,
  });
}

/** PUT …/released-decision (after release): the row's decision changed; the applicant is told (a new letter by email). */
export const changeReleasedDecision = (api: ApiClient, responseId: string, role: TeamRole, body: DecisionBody) =>
  api.request<ApplicationRowView>('PUT', `${rowPath(responseId, role)}/released-decision`, { body });

/** PUT (or, with null, DELETE) /admin/forms/{formId}/offer-deadline: the days an applicant has to answer an offer. */
export const setOfferDeadline = (api: ApiClient, formId: string, days: OfferDeadlineBody['offerReplyDays'] | null) =>
  days === null
    ? api.request<ApplicationForm>('DELETE', `/admin/forms/${id(formId)}/offer-deadline`)
    : api.request<ApplicationForm>('PUT', `/admin/forms/${id(formId)}/offer-deadline`, {
        body: { offerReplyDays: days },
      });
