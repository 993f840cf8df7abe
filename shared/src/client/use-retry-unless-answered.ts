import { useQueryClient } from '@portal/shared/query';
import { ApiRequestError } from './api-client';

/**
 * A query's retry rule that keeps the app's default (the shell's: 3 retries) but never retries a
 * 404 or 403: those are answers ("no active form", "not released yet", "not assigned to you"), not failures.
 */
export function useRetryUnlessAnswered() {
  const fallback = useQueryClient().getDefaultOptions().queries?.retry ?? 3;
  return (failureCount: number, error: Error): boolean => {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) return false;
    if (typeof fallback === 'function') return fallback(failureCount, error);
    if (typeof fallback === 'boolean') return fallback;
    return failureCount < fallback;
  };
}
