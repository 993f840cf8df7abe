import { queryOptions, useQuery } from '@portal/shared/query';
import { PREFETCHED, usePortal, type ApiClient } from '@portal/shared/client';
import type {
  ReleaseDryRun,
  ReleaseProgress,
  ReleaseScheduleAnswer,
} from '@portal/shared/domain/schemas/release-schedule';
import { pollWhileWriting } from './jobs';
import { staffKeys } from './keys';

const path = (formId: string) => `/admin/forms/${encodeURIComponent(formId)}/release`;

/** GET /admin/forms/{formId}/release/schedule (super-reviewer). */
export const releaseScheduleQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({
    ...PREFETCHED,
    queryKey: staffKeys.releaseSchedule(formId),
    queryFn: () => api.request<ReleaseScheduleAnswer>('GET', `${path(formId)}/schedule`),
  });

export function useReleaseSchedule(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({
    ...releaseScheduleQueryOptions(api, formId),
    enabled,
    // The scheduler may release (or fail) while the page is open.
    refetchInterval: 30_000,
  });
}

/** PUT /admin/forms/{formId}/release/schedule: `at` in UTC. */
export const scheduleRelease = (api: ApiClient, formId: string, at: string) =>
  api.request<ReleaseScheduleAnswer>('PUT', `${path(formId)}/schedule`, { body: { at } });

/** DELETE /admin/forms/{formId}/release/schedule. */
export const cancelScheduledRelease = (api: ApiClient, formId: string) =>
  api.request<null>('DELETE', `${path(formId)}/schedule`);

/** GET /admin/forms/{formId}/release/dry-run: the guard now and the messages per kind (only when asked). */
export function useReleaseDryRun(formId: string, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.releaseDryRun(formId),
    queryFn: () => api.request<ReleaseDryRun>('GET', `${path(formId)}/dry-run`),
    enabled,
  });
}

/** GET /admin/forms/{formId}/release/progress: how far a release's decision emails are written (each second while writing). */
export function useReleaseProgress(formId: string, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.releaseProgress(formId),
    queryFn: () => api.request<ReleaseProgress>('GET', `${path(formId)}/progress`),
    enabled,
    refetchInterval: pollWhileWriting,
  });
}
