import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@portal/shared/client';
import type { Page, StaffMember, UserRole } from '@portal/shared/domain';
import { staffKeys } from './keys';

export interface UsersQuery {
  search: string;
  role: UserRole | '';
  cursor: string | null;
}

/** The users path with its query in a fixed order (search, role, cursor), empty values left out. */
export function usersPath({ search, role, cursor }: UsersQuery): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (role) params.set('role', role);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/admin/users?${query}` : '/admin/users';
}

/** GET /admin/users: one page of users, ordered by name. */
export function usersQueryOptions(api: ApiClient, query: UsersQuery) {
  return queryOptions({
    queryKey: staffKeys.users({ ...query, search: query.search.trim() }),
    queryFn: () => api.request<Page<StaffMember>>('GET', usersPath(query)),
  });
}

export function changeUsersRole(api: ApiClient, userIds: string[], role: UserRole) {
  return api.request<{ updated: number }>('POST', '/admin/users/role', { body: { userIds, role } });
}

export function deleteUsers(api: ApiClient, userIds: string[]) {
  return api.request<{ deleted: number }>('POST', '/admin/users/delete', { body: { userIds } });
}
