import {
  FORM_DEFINITION_MESSAGES,
  formRoleIds,
  reviewRoleRuleText,
  rolePreferencesOffer,
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
import { createFormsRepository } from '../forms/forms.repository';

export const noUserError = () => new ApiError('not-found', STAFF_MESSAGES.noUser);

/** Only the user themselves or a super-reviewer may set someone's preferences. */
export async function assertMaySetPreferences(store: DocumentStore, callerId: string, userId: string): Promise<void> {
  if (callerId === userId) return;
  const caller = await store.get<User>(COLLECTIONS.users, callerId);
  if (caller?.role !== 'super-reviewer') throw new ApiError('forbidden', STAFF_MESSAGES.superReviewerOnly);
}

/**
 * Sets a reviewer's role preferences (docs/product.md#reviewer-role-preferences). They are checked
 * against the active form's roles and review-role rule (without an active form: the default roles
 * and rule, "Bootcamp and at least 3"). The role is checked and the preferences written in one
 * transaction, so a role change in between cannot leave preferences on a record that is no longer a
 * reviewer's.
 */
export async function setRolePreferences(
  store: DocumentStore,
  input: { userId: string; roles: TeamRole[] },
): Promise<User> {
  const form = (await createFormsRepository(store).firstActive()) ?? {};
  return store.transaction(async (tx) => {
    const target = await tx.get<UserRecord>(COLLECTIONS.users, input.userId);
    if (!target) throw noUserError();
    if (target.role !== 'reviewer') throw new ApiError('forbidden', STAFF_MESSAGES.notReviewer);
    const ids = formRoleIds(form);
    const unknown = input.roles.flatMap((role, k) =>
      ids.includes(role) ? [] : [{ path: `roles.${k}`, message: FORM_DEFINITION_MESSAGES.unknownRole(role) }],
    );
    if (unknown.length > 0) throw new ApiError('invalid-request', unknown[0]!.message, unknown);
    if (!rolePreferencesValid(input.roles, form)) {
      const rule = reviewRoleRuleText(form);
      throw new ApiError('invalid-request', rule, [{ path: 'roles', message: rule }]);
    }
    const chosen = { applicantRolePreferences: input.roles, rolePreferencesFor: rolePreferencesOffer(form) };
    tx.update(COLLECTIONS.users, input.userId, chosen);
    return userView({ ...target, ...chosen });
  });
}
