import type { ProfileCompletion, ProfileUpdate, Registration } from '@portal/shared/domain/schemas/account';
import type { User } from '@portal/shared/domain/schemas/forms';
import { failureMessage, type ApiClient } from '@portal/shared/client';

/** POST /auth/register: the user record of a new identity (sent without a bearer token: the address is not verified yet). */
export const registerAccount = (api: ApiClient, registration: Registration) =>
  api.request<User>('POST', '/auth/register', { body: registration, auth: false });

/** POST /auth/update: the caller's new names or email; answers the stored user. */
export const updateProfile = (api: ApiClient, update: ProfileUpdate) =>
  api.request<User>('POST', '/auth/update', { body: update });

/** POST /auth/complete: the user record of a verified identity that has none (first and last name). */
export const completeProfile = (api: ApiClient, completion: ProfileCompletion) =>
  api.request<User>('POST', '/auth/complete', { body: completion });

/**
 * What the profile page and the complete-profile card say when POST /auth/update or /auth/complete
 * fails; docs/product.md#error-catalogue: 'Failed to update user: {message} ({response data})', without raw JSON.
 */
export function profileUpdateFailure(error: unknown): string {
  return failureMessage('Failed to update user', error);
}
