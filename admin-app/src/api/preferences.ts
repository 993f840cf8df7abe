import type { ApiClient } from '@portal/shared/client';
import type { TeamRole, User } from '@portal/shared/domain';

/** PUT /users/{userId}/preferences: the reviewer's team roles to review; answers the stored user. */
export function saveRolePreferences(api: ApiClient, userId: string, roles: TeamRole[]) {
  return api.request<User>('PUT', `/users/${encodeURIComponent(userId)}/preferences`, { body: { roles } });
}
