/**
 * The one door to TanStack Query for every app, as @portal/shared/router is to the router. It is
 * shared through Module Federation as a singleton (the remotes use the shell's QueryClient and its
 * cache), and because it re-exports only what the apps use, the shared chunk carries those hooks
 * instead of the whole library (its hydration, parallel-queries and suspense hooks).
 */
export {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { UseQueryResult } from '@tanstack/react-query';
