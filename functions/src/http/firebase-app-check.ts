import type { App } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import type { AppCheckVerifier } from './app-check';

/**
 * Firebase App Check's verifier, for production only: apart from the middleware (app-check.ts), so
 * the API's app, locally and in the tests, loads none of firebase-admin.
 */
export function createFirebaseAppCheckVerifier(app: App): AppCheckVerifier {
  const appCheck = getAppCheck(app);
  return {
    async verifyToken(token) {
      const { appId } = await appCheck.verifyToken(token);
      return { appId };
    },
  };
}
