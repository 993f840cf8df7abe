import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { Page, StaffMember, UsersDeleteBody, UsersQuery, UsersRoleBody } from '@portal/shared/domain';
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
  api.request<{ updated: number }>('POST', '/admin/users/role', { body });

export const deleteUsers = (api: ApiClient, body: UsersDeleteBody) =>
  api.request<{ deleted: number }>('POST', '/admin/users/delete', { body });
