import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type UpdateRequest, type UserRecord } from 'firebase-admin/auth';
import {
  IdentityConflictError,
  LIST_ACCOUNTS_MAX,
  type AccountChanges,
  type IdentityAdmin,
  type ListedAccount,
} from './identity-admin';
import { verifyEmulatorIdToken, type IdTokenClaims } from './emulator-id-token';
import type { IdentityVerifier } from './identity-verifier';
import { cacheVerifiedTokens } from './verified-token-cache';

/**
 * The admin app; with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the Auth emulator.
 * Without a project id it uses the runtime's default credentials and project (Cloud Functions).
 */
export function getFirebaseAdminApp(projectId?: string): App {
  return getApps()[0] ?? (projectId ? initializeApp({ projectId }) : initializeApp());
}

export interface FirebaseVerifierOptions {
  now?: () => number;
}

/**
 * Verifies id tokens without any call to the identity provider: in production firebase-admin
 * checks the signature (Google's public keys, cached as their Cache-Control says), audience, issuer
 * and expiry locally; under the Auth emulator (whose tokens carry no signature, and about which
 * firebase-admin would ask the emulator each time) the claims are checked here. A token that
 * verified is not verified again until it expires (verified-token-cache.ts). Whether the session
 * was revoked since (disabled, deleted, signed out everywhere) is the user record's to say: the
 * identity middleware checks it against the sign-in time answered here (account-status.ts).
 */
export function createFirebaseIdentityVerifier(app: App, options: FirebaseVerifierOptions = {}): IdentityVerifier {
  const auth = getAuth(app);
  const decode = cacheVerifiedTokens(
    async (token: string): Promise<IdTokenClaims> => {
      if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) return auth.verifyIdToken(token);
      const projectId = app.options.projectId;
      if (!projectId) throw new Error('The Auth emulator needs the project id of the admin app');
      return verifyEmulatorIdToken(token, projectId);
    },
    { now: options.now },
  );
  return {
    async verifyIdToken(token) {
      const decoded = await decode(token);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        authTime: decoded.auth_time,
      };
    },
  };
}

/**
 * What of an account's status revokes sessions. The provider sets tokensValidAfterTime when the
 * account is created as well; only a later time says that sessions were revoked.
 */
export function listedAccount(record: UserRecord): ListedAccount {
  const validAfter = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : Number.NaN;
  const created = Date.parse(record.metadata.creationTime);
  const revoked = Number.isFinite(validAfter) && !(validAfter <= created);
  return {
    uid: record.uid,
    disabled: record.disabled,
    sessionsValidAfter: revoked ? new Date(validAfter).toISOString() : null,
  };
}

/** firebase-admin's limit per deleteUsers call. */
const DELETE_USERS_MAX = 1000;

const errorCode = (error: unknown): string | undefined => (error as { code?: string } | null)?.code;

function conflictOr(error: unknown, email: string | undefined): unknown {
  return errorCode(error) === 'auth/email-already-exists' && email !== undefined
    ? new IdentityConflictError(email)
    : error;
}

function updateRequest(changes: AccountChanges): UpdateRequest {
  const request: UpdateRequest = {};
  if (changes.email !== undefined) request.email = changes.email;
  if (changes.displayName !== undefined) request.displayName = changes.displayName;
  if (changes.emailVerified !== undefined) request.emailVerified = changes.emailVerified;
  return request;
}

export function createFirebaseIdentityAdmin(app: App): IdentityAdmin {
  const auth = getAuth(app);
  return {
    async ensureAccount(spec) {
      try {
        await auth.getUser(spec.uid);
        return 'existed';
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
      await auth.createUser(spec);
      return 'created';
    },

    async createAccount({ email, password, displayName }) {
      try {
        const record = await auth.createUser({ email, password, displayName });
        return { uid: record.uid };
      } catch (error) {
        throw conflictOr(error, email);
      }
    },

    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },

    async deleteAccounts(uids) {
      const failed: string[] = [];
      for (let start = 0; start < uids.length; start += DELETE_USERS_MAX) {
        const chunk = uids.slice(start, start + DELETE_USERS_MAX);
        const result = await auth.deleteUsers(chunk);
        for (const { index } of result.errors) failed.push(chunk[index]!);
      }
      return { failed };
    },

    async updateAccount(uid, changes) {
      try {
        await auth.updateUser(uid, updateRequest(changes));
      } catch (error) {
        throw conflictOr(error, changes.email);
      }
    },

    async getAccount(uid) {
      try {
        const record = await auth.getUser(uid);
        return { ...listedAccount(record), email: record.email ?? null, emailVerified: record.emailVerified };
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },

    async listAccounts({ pageToken, maxResults = LIST_ACCOUNTS_MAX } = {}) {
      const page = await auth.listUsers(maxResults, pageToken);
      return {
        accounts: page.users.map(listedAccount),
        ...(page.pageToken ? { nextPageToken: page.pageToken } : {}),
      };
    },
  };
}
