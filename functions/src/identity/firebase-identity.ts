import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type UpdateRequest } from 'firebase-admin/auth';
import { IdentityConflictError, type AccountChanges, type IdentityAdmin } from './identity-admin';
import type { IdentityVerifier } from './identity-verifier';

/**
 * The admin app; with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the Auth emulator.
 * Without a project id it uses the runtime's default credentials and project (Cloud Functions).
 */
export function getFirebaseAdminApp(projectId?: string): App {
  return getApps()[0] ?? (projectId ? initializeApp({ projectId }) : initializeApp());
}

export function createFirebaseIdentityVerifier(app: App): IdentityVerifier {
  const auth = getAuth(app);
  return {
    async verifyIdToken(token) {
      const decoded = await auth.verifyIdToken(token, true);
      return { uid: decoded.uid, email: decoded.email ?? null, emailVerified: decoded.email_verified === true };
    },
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
        return { uid: record.uid, email: record.email ?? null, emailVerified: record.emailVerified };
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}
