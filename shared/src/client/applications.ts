import { queryOptions } from '@portal/shared/query';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type {
  ApplicationResponse,
  MyApplication,
  OfferReply,
  RoleDecision,
  UploadedFile,
} from '@portal/shared/domain/schemas/responses';
import type { ApiClient } from './api-client';
import { withRenderedMarkdown } from './rendered-markdown';

/** A form or a decision as the API answers an applicant: with the HTML of its markdown texts. */
type Rendered<T> = T & { renderedMarkdown?: Record<string, string> };

/** Query keys, general to specific; every response query sits under `applicationKeys.all`. */
export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  decision: (responseId: string, role: string) => [...applicationKeys.all, 'decision', responseId, role] as const,
};

/**
 * How long a page's first data stays fresh once fetched: the route asks for it as it is entered,
 * while the page's code arrives (`Prefetched`, @portal/shared/ui), and the page, mounting a moment
 * later, uses it instead of asking again. Mutations invalidate it as before.
 */
export const PREFETCHED_FRESH_MS = 5_000;

/**
 * The options of a query a route asks for early: fresh for the moment the page takes to mount, and
 * a failure of that early request is the page's failure (shown with "Try again"), not asked again
 * because the page mounted.
 */
export const PREFETCHED = { staleTime: PREFETCHED_FRESH_MS, retryOnMount: false } as const;

export const formKeys = {
  all: ['forms'] as const,
  active: () => [...formKeys.all, 'active'] as const,
  byId: (formId: string) => [...formKeys.all, formId] as const,
};

export const fileKeys = {
  byId: (fileId: string) => ['files', fileId] as const,
};

export function activeFormQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: formKeys.active(),
    queryFn: async (): Promise<ApplicationForm> =>
      withRenderedMarkdown(await api.request<Rendered<ApplicationForm>>('GET', '/forms/active')),
    ...PREFETCHED,
  });
}

export function formQueryOptions(api: ApiClient, formId: string) {
  return queryOptions({
    queryKey: formKeys.byId(formId),
    queryFn: async (): Promise<ApplicationForm> =>
      withRenderedMarkdown(await api.request<Rendered<ApplicationForm>>('GET', `/forms/${encodeURIComponent(formId)}`)),
    ...PREFETCHED,
    staleTime: 60_000,
  });
}

export function myApplicationsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: async () => (await api.request<{ items: MyApplication[] }>('GET', '/responses/mine')).items,
    ...PREFETCHED,
  });
}

export function decisionQueryOptions(api: ApiClient, responseId: string, role: string) {
  return queryOptions({
    queryKey: applicationKeys.decision(responseId, role),
    queryFn: async (): Promise<RoleDecision> =>
      withRenderedMarkdown(
        await api.request<Rendered<RoleDecision>>(
          'GET',
          `/responses/${encodeURIComponent(responseId)}/decisions/${encodeURIComponent(role)}`,
        ),
      ),
    ...PREFETCHED,
  });
}

export function fileQueryOptions(api: ApiClient, fileId: string) {
  return queryOptions({
    queryKey: fileKeys.byId(fileId),
    queryFn: () => api.request<UploadedFile>('GET', `/files/${encodeURIComponent(fileId)}/meta`),
    staleTime: Infinity,
  });
}

/** Creates the response for this form, or returns the one that already exists. */
export function startApplication(api: ApiClient, formId: string) {
  return api.request<ApplicationResponse>('POST', '/responses', { body: { formId } });
}

export function saveResponse(api: ApiClient, response: ApplicationResponse) {
  return api.request<ApplicationResponse>('PUT', `/application/save/${encodeURIComponent(response.id)}`, {
    body: response,
  });
}

export function submitResponse(api: ApiClient, response: ApplicationResponse) {
  return api.request<ApplicationResponse>('POST', '/application/submit', { body: response });
}

export async function replyToOffer(
  api: ApiClient,
  responseId: string,
  role: string,
  reply: OfferReply,
): Promise<RoleDecision> {
  return withRenderedMarkdown(
    await api.request<Rendered<RoleDecision>>(
      'POST',
      `/responses/${encodeURIComponent(responseId)}/decisions/${encodeURIComponent(role)}/reply`,
      { body: { reply } },
    ),
  );
}
