import {
  AUTH_MESSAGES,
  PRIVACY_NOTICE_MESSAGES,
  type PrivacyNoticeAccepted,
  type ProfileCompletion,
  type ProfileUpdate,
  type Registration,
  type User,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import {
  IdentityConflictError,
  type AccountChanges,
  type AccountInfo,
  type IdentityAdmin,
} from '../identity/identity-admin';
import { DocumentExistsError, DocumentNotFoundError } from '../store/document-store';
import { sessionNotValid } from '../identity/identity-middleware';
import { accountStatusFields } from '../identity/account-status';
import { DeletedUserError } from './deleted-users';
import { acceptance, DEFAULT_PRIVACY_NOTICE, type PrivacyNoticeSettings } from './privacy-notice';
import type { UsersRepository } from './users.repository';

export interface UsersService {
  register(input: Registration): Promise<User>;
  updateProfile(uid: string, input: ProfileUpdate): Promise<User>;
  /** The user record of a verified identity that has none (created outside the API), with its own email. */
  completeProfile(identity: { uid: string; email: string }, input: ProfileCompletion): Promise<User>;
  /** Records that the user accepted `version` of the privacy notice, which must be the one in force. */
  acceptPrivacyNotice(uid: string, version: string): Promise<User>;
}

/**
 * Every new user is an applicant (staff roles are given later by a super-reviewer), and has
 * accepted the privacy notice in force.
 */
const newApplicant = (
  id: string,
  email: string,
  names: { firstName: string; lastName: string },
  privacyNotice: PrivacyNoticeAccepted,
): User => ({
  id,
  email,
  firstName: names.firstName,
  lastName: names.lastName,
  role: 'applicant',
  activeApplications: [],
  privacyNotice,
});

const displayName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

function emailTakenOr(error: unknown): unknown {
  return error instanceof IdentityConflictError ? new ApiError('conflict', AUTH_MESSAGES.emailTaken) : error;
}

/** What the identity account must change to match the new profile, and how to put it back; null if nothing. */
function identityChanges(
  account: AccountInfo,
  current: User,
  input: ProfileUpdate,
): { change: AccountChanges; undo: AccountChanges } | null {
  const change: AccountChanges = {};
  const undo: AccountChanges = {};
  if (input.email !== account.email) {
    change.email = input.email;
    change.emailVerified = false;
    undo.email = account.email ?? undefined;
    undo.emailVerified = account.emailVerified;
  }
  if (displayName(input) !== displayName(current)) {
    change.displayName = displayName(input);
    undo.displayName = displayName(current);
  }
  return Object.keys(change).length > 0 ? { change, undo } : null;
}

/**
 * Runs `undo` after `error` and rethrows `error`; if the undo fails too, both go up together
 * so the leftover (named by `leftover`) is visible in the logs.
 */
async function undoAndRethrow(error: unknown, undo: () => Promise<void>, leftover: string): Promise<never> {
  try {
    await undo();
  } catch (undoError) {
    throw new AggregateError([error, undoError], `${leftover} could not be undone after a failure`, {
      cause: undoError,
    });
  }
  throw error;
}

/**
 * Accounts span two systems, the identity provider and the users collection; each operation
 * changes the identity first and undoes that change if the record write fails.
 */
export function createUsersService(deps: {
  users: UsersRepository;
  accounts: IdentityAdmin;
  /** The notice in force; absent: DEFAULT_PRIVACY_NOTICE. */
  privacyNotice?: PrivacyNoticeSettings;
  now?: () => Date;
}): UsersService {
  const { users, accounts, privacyNotice = DEFAULT_PRIVACY_NOTICE, now = () => new Date() } = deps;
  return {
    async register(input) {
      // Before anything is created: no account exists without the notice in force accepted.
      const accepted = acceptance(privacyNotice, input.privacyNoticeVersion, now());
      // One user record per address, even if an identity account went missing behind a record.
      if (await users.emailInUse(input.email)) throw new ApiError('conflict', AUTH_MESSAGES.emailTaken);
      let uid: string;
      try {
        ({ uid } = await accounts.createAccount({
          email: input.email,
          password: input.password,
          displayName: displayName(input),
        }));
      } catch (error) {
        throw emailTakenOr(error);
      }
      const user = newApplicant(uid, input.email, input, accepted);
      try {
        await users.create(user);
      } catch (error) {
        return undoAndRethrow(
          error,
          () => accounts.deleteAccount(uid),
          `Identity account ${uid} created for a failed registration`,
        );
      }
      return user;
    },

    async completeProfile({ uid, email }, input) {
      const accepted = acceptance(privacyNotice, input.privacyNoticeVersion, now());
      if (await users.get(uid)) throw new ApiError('conflict', AUTH_MESSAGES.profileExists);
      const address = email.toLowerCase();
      // A token verifies until it expires (up to an hour), whatever became of its account since, and
      // an identity without a record has no revocation fields, so this rare call asks the provider
      // whether the account is still what it proved. The record starts with the account's status
      // there (a password reset by the address's owner ends a squatter's older sessions at once).
      const account = await accounts.getAccount(uid);
      if (!account?.emailVerified || account.disabled || account.email?.toLowerCase() !== address)
        throw sessionNotValid();
      if (await users.emailInUse(address)) throw new ApiError('conflict', AUTH_MESSAGES.emailTaken);
      const user = newApplicant(uid, address, input, accepted);
      try {
        await users.createUnlessDeleted(user, accountStatusFields(account));
      } catch (error) {
        if (error instanceof DeletedUserError) throw sessionNotValid();
        throw error instanceof DocumentExistsError ? new ApiError('conflict', AUTH_MESSAGES.profileExists) : error;
      }
      return user;
    },

    async updateProfile(uid, input) {
      const current = await users.get(uid);
      if (!current) throw new ApiError('not-found', 'No user record for this account');
      const account = await accounts.getAccount(uid);
      if (!account) throw new ApiError('not-found', 'No identity account for this user');

      const identity = identityChanges(account, current, input);
      if (identity) {
        try {
          await accounts.updateAccount(uid, identity.change);
        } catch (error) {
          throw emailTakenOr(error);
        }
      }

      const fields = { email: input.email, firstName: input.firstName, lastName: input.lastName };
      try {
        await users.updateProfile(uid, fields);
      } catch (error) {
        const reported =
          error instanceof DocumentNotFoundError ? new ApiError('not-found', 'No user record for this account') : error;
        if (!identity) throw reported;
        return undoAndRethrow(
          reported,
          () => accounts.updateAccount(uid, identity.undo),
          `Identity change of account ${uid}`,
        );
      }
      return { ...current, ...fields };
    },

    async acceptPrivacyNotice(uid, version) {
      const privacyNoticeAccepted = acceptance(privacyNotice, version, now(), 'version');
      try {
        await users.setPrivacyNotice(uid, privacyNoticeAccepted);
      } catch (error) {
        throw error instanceof DocumentNotFoundError
          ? new ApiError('not-found', PRIVACY_NOTICE_MESSAGES.noUser)
          : error;
      }
      const user = await users.get(uid);
      if (!user) throw new ApiError('not-found', PRIVACY_NOTICE_MESSAGES.noUser);
      return user;
    },
  };
}
