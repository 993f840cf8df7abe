import { keepPreviousData, queryOptions, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { Page, StaffMember, UserImpact } from '@portal/shared/domain/rules/staff';
import type {
  UsersDeleteBody,
  UsersImpactBody,
  UsersQuery,
  UsersRoleBody,
} from '@portal/shared/domain/schemas/staff-api';
import { apiPath } from './api-path';
import { staffKeys } from './keys';

/** GET /admin/users: one page of users, ordered by name. */
export const usersQueryOptions = (api: ApiClient, query: UsersQuery) =>
  queryOptions({
    queryKey: staffKeys.users(query),
    queryFn: () => api.request<Page<StaffMember>>('GET', apiPath('/admin/users', query)),
  });

export function useUsers(query: UsersQuery) {
  const { api } = usePortal();
  return useQuery({ ...usersQueryOptions(api, query), placeholderData: keepPreviousData });
}

export const changeUsersRole = (api: ApiClient, body: UsersRoleBody) =>
  api.request<{ updated: number; reassigned: number; unassigned: number }>('POST', '/admin/users/role', { body });

/** POST /admin/users/impact: what deleting these users, or changing their role, touches. */
export const usersImpact = (api: ApiClient, body: UsersImpactBody) =>
  api.request<UserImpact[]>('POST', '/admin/users/impact', { body });

/** The impact of the users while `enabled` (a dialog about them is open). */
export function useUsersImpact(userIds: string[], enabled: boolean) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.usersImpact(userIds),
    queryFn: () => usersImpact(api, { userIds }),
    enabled: enabled && userIds.length > 0,
  });
}

export const deleteUsers = (api: ApiClient, body: UsersDeleteBody) =>
  api.request<{ deleted: number }>('POST', '/admin/users/delete', { body });

/** POST /admin/users/leftovers/delete: deletes what users without a record left (rows, responses, reviews…). */
export const deleteLeftovers = (api: ApiClient) =>
  api.request<{ removed: number }>('POST', '/admin/users/leftovers/delete', { body: {} });
