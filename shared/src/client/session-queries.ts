import { queryOptions, useQuery } from '@portal/shared/query';
import type { User } from '@portal/shared/domain/schemas/forms';
import type { ApiClient } from './api-client';
import { usePortal, type PortalIdentity } from './portal-context';

export interface SessionAnswer {
  identity: PortalIdentity;
  user: User | null;
  /** The version of the privacy notice in force: the shell asks again whoever accepted another. */
  privacyNoticeVersion?: string;
}

export const sessionKeys = {
  all: ['session'] as const,
  user: (uid: string) => [...sessionKeys.all, uid] as const,
};

export function sessionQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: sessionKeys.user(uid),
    queryFn: () => api.request<SessionAnswer>('GET', '/session'),
    staleTime: 60_000,
  });
}

/** The signed-in person's user record (role, names); disabled while nobody is signed in. */
export function useCurrentUser() {
  const { api, identity } = usePortal();
  return useQuery({
    ...sessionQueryOptions(api, identity?.uid ?? ''),
    enabled: Boolean(identity),
    select: (answer) => answer.user,
  });
}
