import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { IdentityAdmin } from './identity-admin';
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

export function createFirebaseIdentityAdmin(app: App): IdentityAdmin {
  const auth = getAuth(app);
  return {
    async ensureAccount(spec) {
      try {
        await auth.getUser(spec.uid);
        return 'existed';
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
      await auth.createUser(spec);
      return 'created';
    },
  };
}
