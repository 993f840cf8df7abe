import { QueryClient } from '@portal/shared/query';
import { ApiRequestError } from '@portal/shared/client';
import { retryDelay } from '@portal/shared/domain/ids/constants';

/** docs/product.md#constants-and-limits: the data-fetching defaults, set once for every app. */
export const QUERY_DEFAULTS = {
  retry: 3,
  gcTimeMs: 300_000,
  mutationRetry: 0,
} as const;

/**
 * A failed query is retried three times, unless the server answered: a 4xx (404 "no such form",
 * 403 "not yours") is final and shown at once. A timeout (408) or a rate limit (429) is retried.
 */
export function retryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    if (error.status !== 408 && error.status !== 429) return false;
  }
  return failureCount < QUERY_DEFAULTS.retry;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryQuery, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs },
      mutations: { retry: QUERY_DEFAULTS.mutationRetry },
    },
  });
}
