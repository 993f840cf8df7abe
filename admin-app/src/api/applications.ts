import { queryOptions, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { StaffApplication } from '@portal/shared/domain/rules/staff';
import { staffKeys } from './keys';

/** GET /admin/responses/{responseId}: the application with its rows. */
export const staffApplicationQueryOptions = (api: ApiClient, responseId: string) =>
  queryOptions({
    queryKey: staffKeys.application(responseId),
    queryFn: () => api.request<StaffApplication>('GET', `/admin/responses/${encodeURIComponent(responseId)}`),
  });

export function useStaffApplication(responseId: string) {
  const { api } = usePortal();
  return useQuery(staffApplicationQueryOptions(api, responseId));
}
