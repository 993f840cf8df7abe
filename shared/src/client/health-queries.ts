import { queryOptions } from '@tanstack/react-query';
import type { Health } from '@portal/shared/domain';
import type { ApiClient } from './api-client';

export const healthKeys = {
  all: ['health'] as const,
};

export function healthQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: () => api.request<Health>('GET', '/health', { auth: false }),
    staleTime: 30_000,
  });
}
