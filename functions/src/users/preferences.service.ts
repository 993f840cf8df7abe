import {
  rolePreferencesValid,
  STAFF_MESSAGES,
  userView,
  type TeamRole,
  type User,
  type UserRecord,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import type { DocumentStore } from '../store/document-store';

export const noUserError = () => new ApiError('not-found', STAFF_MESSAGES.noUser);

/** Only the user themselves or a super-reviewer may set someone's preferences. */
export async function assertMaySetPreferences(store: DocumentStore, callerId: string, userId: string): Promise<void> {
  if (callerId === userId) return;
  const caller = await store.get<User>(COLLECTIONS.users, callerId);
  if (caller?.role !== 'super-reviewer') throw new ApiError('forbidden', STAFF_MESSAGES.superReviewerOnly);
}

/**
 * Sets a reviewer's role preferences (spec section 5). The role is checked and the preferences
 * written in one transaction, so a role change in between cannot leave preferences on a record
 * that is no longer a reviewer's.
 */
export async function setRolePreferences(
  store: DocumentStore,
  input: { userId: string; roles: TeamRole[] },
): Promise<User> {
  return store.transaction(async (tx) => {
    const target = await tx.get<UserRecord>(COLLECTIONS.users, input.userId);
    if (!target) throw noUserError();
    if (target.role !== 'reviewer') throw new ApiError('forbidden', STAFF_MESSAGES.notReviewer);
    if (!rolePreferencesValid(input.roles)) {
      throw new ApiError('invalid-request', STAFF_MESSAGES.preferencesRule, [
        { path: 'roles', message: STAFF_MESSAGES.preferencesRule },
      ]);
    }
    tx.update(COLLECTIONS.users, input.userId, { applicantRolePreferences: input.roles });
    return userView({ ...target, applicantRolePreferences: input.roles });
  });
}
