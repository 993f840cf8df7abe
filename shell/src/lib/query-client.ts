import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: the data-fetching defaults, set once for every app. */
export const QUERY_DEFAULTS = {
  retry: 3,
  retryDelayBaseMs: 1000,
  retryDelayMaxMs: 30_000,
  gcTimeMs: 300_000,
  mutationRetry: 0,
} as const;

export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_DEFAULTS.retryDelayBaseMs * 2 ** attemptIndex, QUERY_DEFAULTS.retryDelayMaxMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_DEFAULTS.retry, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs },
      mutations: { retry: QUERY_DEFAULTS.mutationRetry },
    },
  });
}
