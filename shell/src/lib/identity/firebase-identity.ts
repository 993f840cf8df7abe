import { initializeApp, type FirebaseApp } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import {
  applyActionCode,
  browserLocalPersistence,
  confirmPasswordReset as confirmReset,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { clientConfig } from '../client-config';
import { setSignedInHint } from './signed-in-hint';

/**
 * Production only. The build replaces the flag with a constant, so local bundles hold no App Check
 * code at all (there is no attestation service offline) and the SDK arrives as its own chunk in
 * production. The Firebase App Check SDK keeps the token fresh itself (refresh at about half its
 * lifetime, retries from 30 s backing off to 16 minutes, 24 hours of pause after a 403 or 404).
 */
const loadAppCheckSdk = __PORTAL_LOCAL_MODE__ ? null : () => import('firebase/app-check');

/** How long an API call waits for an App Check token before going without one (the server then answers 401). */
const APP_CHECK_TOKEN_TIMEOUT_MS = 10_000;

/** The one module of the browser that touches the Firebase SDK; everything else gets plain values. */
let firebase: { auth: Auth; appCheck: Promise<AppCheck | null> } | undefined;

async function startAppCheck(app: FirebaseApp): Promise<AppCheck | null> {
  const siteKey = clientConfig.appCheck?.siteKey;
  if (!loadAppCheckSdk || !siteKey) return null;
  try {
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await loadAppCheckSdk();
    return initializeAppCheck(app, {
      provider: new ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    });
  } catch {
    // The chunk did not load: calls go without the header and the API answers app-check-failed.
    return null;
  }
}

function startFirebase() {
  if (!firebase) {
    const app = initializeApp(clientConfig.firebase);
    // App Check is activated before Auth makes any request, so Auth's own calls carry its token too.
    const appCheck = startAppCheck(app);
    const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (__PORTAL_LOCAL_MODE__ && clientConfig.authEmulator) {
      connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
    }
    firebase = { auth, appCheck };
  }
  return firebase;
}

function portalAuth(): Auth {
  return startFirebase().auth;
}

/** The Auth instance once App Check (production) is active; for every call that reaches the network. */
async function readyAuth(): Promise<Auth> {
  const { auth, appCheck } = startFirebase();
  await appCheck;
  return auth;
}

export interface IdentitySnapshot {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

function snapshot(user: User | null): IdentitySnapshot | null {
  return user ? { uid: user.uid, email: user.email, emailVerified: user.emailVerified } : null;
}

async function currentUser(): Promise<User> {
  const user = (await readyAuth()).currentUser;
  if (!user) throw new Error('Not signed in');
  return user;
}

/** Follows sign-in, sign-out and token refreshes (a refresh carries a newly verified email). */
export function subscribeToIdentity(listener: (identity: IdentitySnapshot | null) => void): () => void {
  return onIdTokenChanged(portalAuth(), (user) => {
    setSignedInHint(user !== null);
    listener(snapshot(user));
  });
}

export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const current = await readyAuth();
  await current.authStateReady();
  return current.currentUser ? current.currentUser.getIdToken(forceRefresh) : null;
}

/**
 * The App Check token for the X-Firebase-AppCheck header of every API call, or null: in local mode,
 * and when no token can be had (attestation failed, or took longer than the timeout), in which case
 * the call goes without it and the server answers 401 app-check-failed instead of the page hanging.
 */
export async function getAppCheckToken(): Promise<string | null> {
  const appCheck = await startFirebase().appCheck;
  if (!appCheck || !loadAppCheckSdk) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), APP_CHECK_TOKEN_TIMEOUT_MS);
  });
  try {
    const { getToken } = await loadAppCheckSdk();
    const token = getToken(appCheck, false).then((result) => result.token || null);
    return await Promise.race([token, timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export async function signIn(email: string, password: string): Promise<IdentitySnapshot> {
  const credential = await signInWithEmailAndPassword(await readyAuth(), email, password);
  return snapshot(credential.user)!;
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(await readyAuth());
}

/** The link in the email leads back to /verify, which completes the verification. */
export async function sendVerificationEmail(): Promise<void> {
  await sendEmailVerification(await currentUser(), { url: `${window.location.origin}/verify` });
}

/** Reloads the account and refreshes the id token, so the session sees server-side changes. */
export async function refreshIdentity(): Promise<void> {
  const user = (await readyAuth()).currentUser;
  if (!user) return;
  await user.reload();
  await user.getIdToken(true);
}

/** Reloads the account; when its email became verified elsewhere, refreshes the token so the session follows. */
export async function checkEmailVerified(): Promise<boolean> {
  const user = (await readyAuth()).currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function completeEmailVerification(oobCode: string): Promise<void> {
  await applyActionCode(await readyAuth(), oobCode);
  await refreshIdentity();
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await readyAuth(), email, { url: `${window.location.origin}/login` });
}

/** Returns the email address the reset code belongs to; rejects when the code is invalid or used. */
export async function checkPasswordResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(await readyAuth(), oobCode);
}

export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
  await confirmReset(await readyAuth(), oobCode, newPassword);
}

export { describeIdentityError } from './identity-errors';
