import { COLLECTIONS, type User } from '@portal/shared/domain';
import type { DocumentStore } from '../store/document-store';

export type ProfileFields = Pick<User, 'email' | 'firstName' | 'lastName'>;

/** The users collection as the users service needs it. */
export interface UsersRepository {
  get(id: string): Promise<User | null>;
  /** Fails with `DocumentExistsError` if a record has this id. */
  create(user: User): Promise<void>;
  /** Writes only the profile fields; role and the other fields stay as they are. */
  updateProfile(id: string, fields: ProfileFields): Promise<void>;
}

export function createUsersRepository(store: DocumentStore): UsersRepository {
  return {
    get: (id) => store.get<User>(COLLECTIONS.users, id),
    create: (user) => store.create(COLLECTIONS.users, user.id, user),
    updateProfile: (id, { email, firstName, lastName }) =>
      store.update(COLLECTIONS.users, id, { email, firstName, lastName }),
  };
}
