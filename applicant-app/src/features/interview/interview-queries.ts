import { queryOptions } from '@portal/shared/query';
import { PREFETCHED, type ApiClient } from '@portal/shared/client';
import type { ApplicantInterviews } from '@portal/shared/domain/schemas/interview-slots';

export const interviewKey = (formId: string) => ['interviews', formId] as const;

/** GET /interviews/{formId}: the caller's invitation, booking and the slots they may book. */
export const interviewsQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({
    queryKey: interviewKey(formId),
    queryFn: () => api.request<ApplicantInterviews>('GET', `/interviews/${encodeURIComponent(formId)}`),
    ...PREFETCHED,
  });
