import { useState, type ReactNode } from 'react';
import { useCurrentUser, usePortal, type ApiClient } from '@portal/shared/client';
import { USER_ROLES, type UserRole } from '@portal/shared/domain/ids/constants';
import { useQueryClient, type QueryClient } from '@portal/shared/query';
import { useLocation, useParams } from '@portal/shared/router';
import type { LazyPart } from './load-boundary';

/**
 * Asks for what a page first needs from the API (`client.prefetchQuery`), from its route's
 * parameters and the address's query (a search, a sort kept in the URL).
 */
export type PageData = (
  client: QueryClient,
  api: ApiClient,
  params: Readonly<Partial<Record<string, string>>>,
  query: URLSearchParams,
) => Promise<void>[];

/**
 * Starts a page's code and its first data together, as its route is entered: while the session
 * is checked and the code arrives, its requests are already on their way, instead of leaving once
 * the page first renders (a chain of code, then data). The page's own queries then find them.
 * The data of a page open to some roles only is asked for once the session says the caller has one.
 *
 * Asked while rendering, not in an effect (TanStack Query's `usePrefetchQuery` does the same): a
 * link followed is a transition, in which React shows the page only once its code has arrived and
 * runs no effect before that, so an effect asked for the data only after all the code (half a
 * second on the dashboard: bench:staff-pages). Each address is asked for once; a render React
 * throws away and repeats asks again, which the query client answers from the request in flight.
 */
export function Prefetched({
  page,
  data,
  roles,
  children,
}: {
  page: Pick<LazyPart<object>, 'preload'>;
  data?: PageData;
  roles: readonly UserRole[];
  children: ReactNode;
}) {
  const params = useParams();
  const { search } = useLocation();
  const { api, identity } = usePortal();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const allowed = USER_ROLES.every((role) => roles.includes(role)) || (user.data && roles.includes(user.data.role));
  const ask = Boolean(identity) && Boolean(allowed);
  const address = ask ? `${JSON.stringify(params)}?${search}` : null;
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const [preloaded, setPreloaded] = useState(false);
  if (!preloaded) {
    setPreloaded(true);
    void page.preload();
  }
  if (address !== askedFor) {
    setAskedFor(address);
    if (ask) data?.(queryClient, api, params, new URLSearchParams(search));
  }
  return children;
}
