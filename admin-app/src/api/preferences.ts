import type { ApiClient } from '@portal/shared/client';
import type { User } from '@portal/shared/domain/schemas/forms';
import type { RolePreferencesBody } from '@portal/shared/domain/schemas/staff-api';

/** PUT /users/{userId}/preferences: the reviewer's team roles to review; answers the stored user. */
export const saveRolePreferences = (api: ApiClient, userId: string, body: RolePreferencesBody) =>
  api.request<User>('PUT', `/users/${encodeURIComponent(userId)}/preferences`, { body });

/** PUT /users/{userId}/reviewer-digest: the staff member's own daily digest on or off. */
export const saveDigestPreference = (api: ApiClient, userId: string, enabled: boolean) =>
  api.request<{ enabled: boolean }>('PUT', `/users/${encodeURIComponent(userId)}/reviewer-digest`, {
    body: { enabled },
  });
