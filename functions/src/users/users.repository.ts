import {
  userSearchFields,
  userView,
  type PrivacyNoticeAccepted,
  type User,
  type UserRecord,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { AccountStatusFields } from '../identity/account-status';
import { DeletedUserError, wasUserDeleted } from './deleted-users';

export type ProfileFields = Pick<User, 'email' | 'firstName' | 'lastName'>;

/**
 * The users collection as the users service needs it. Records are stored with their search
 * fields (`searchTokens`, `sortName`, kept in step with the profile here) and read without them.
 */
export interface UsersRepository {
  get(id: string): Promise<User | null>;
  /** Whether any user record has this (lower-case) email. */
  emailInUse(email: string): Promise<boolean>;
  /** Fails with `DocumentExistsError` if a record has this id. */
  create(user: User): Promise<void>;
  /**
   * For an id the API did not just get from the identity provider: as `create`, and fails with
   * `DeletedUserError` if the id was a deleted user's (read in the create's own transaction). The
   * record carries `status`, what of the account's status at the provider revokes sessions.
   */
  createUnlessDeleted(user: User, status?: AccountStatusFields): Promise<void>;
  /** Writes only the profile fields (and their search fields); role and the other fields stay as they are. */
  updateProfile(id: string, fields: ProfileFields): Promise<void>;
  /** Writes the privacy notice they accepted; fails with `DocumentNotFoundError` without a record. */
  setPrivacyNotice(id: string, accepted: PrivacyNoticeAccepted): Promise<void>;
}

/** The record to store for a user: the user with its search and sort keys. */
export const userRecord = (user: User): UserRecord => ({ ...userView(user), ...userSearchFields(user) });

export function createUsersRepository(store: DocumentStore): UsersRepository {
  return {
    async get(id) {
      const record = await store.get<UserRecord>(COLLECTIONS.users, id);
      return record ? userView(record) : null;
    },
    emailInUse: async (email) => (await store.count(COLLECTIONS.users, [{ field: 'email', value: email }])) > 0,
    create: (user) => store.create(COLLECTIONS.users, user.id, userRecord(user)),
    createUnlessDeleted: (user, status = {}) =>
      store.transaction(async (tx) => {
        if (await wasUserDeleted(tx, user.id)) throw new DeletedUserError();
        tx.create(COLLECTIONS.users, user.id, { ...userRecord(user), ...status });
      }),
    updateProfile: (id, { email, firstName, lastName }) =>
      store.update(COLLECTIONS.users, id, {
        email,
        firstName,
        lastName,
        ...userSearchFields({ email, firstName, lastName }),
      }),
    setPrivacyNotice: (id, accepted) => store.update(COLLECTIONS.users, id, { privacyNotice: accepted }),
  };
}
