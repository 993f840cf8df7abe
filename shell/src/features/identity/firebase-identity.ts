import { initializeApp } from 'firebase/app';
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
import { clientConfig } from '../../app/client-config';
import { setSignedInHint } from './signed-in-hint';

/** The one module of the browser that touches the Firebase SDK; everything else gets plain values. */
let auth: Auth | undefined;

function portalAuth(): Auth {
  if (!auth) {
    const app = initializeApp(clientConfig.firebase);
    auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (clientConfig.authEmulator) connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
  }
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

function currentUser(): User {
  const user = portalAuth().currentUser;
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
  const current = portalAuth();
  await current.authStateReady();
  return current.currentUser ? current.currentUser.getIdToken(forceRefresh) : null;
}

/** App Check arrives with production hosting; locally there is no attestation service. */
export async function getAppCheckToken(): Promise<string | null> {
  return null;
}

export async function signIn(email: string, password: string): Promise<IdentitySnapshot> {
  const credential = await signInWithEmailAndPassword(portalAuth(), email, password);
  return snapshot(credential.user)!;
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(portalAuth());
}

/** The link in the email leads back to /verify, which completes the verification. */
export async function sendVerificationEmail(): Promise<void> {
  await sendEmailVerification(currentUser(), { url: `${window.location.origin}/verify` });
}

/** Reloads the account and refreshes the id token, so the session sees server-side changes. */
export async function refreshIdentity(): Promise<void> {
  const user = portalAuth().currentUser;
  if (!user) return;
  await user.reload();
  await user.getIdToken(true);
}

/** Reloads the account; when its email became verified elsewhere, refreshes the token so the session follows. */
export async function checkEmailVerified(): Promise<boolean> {
  const user = portalAuth().currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function completeEmailVerification(oobCode: string): Promise<void> {
  await applyActionCode(portalAuth(), oobCode);
  await refreshIdentity();
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(portalAuth(), email, { url: `${window.location.origin}/login` });
}

/** Returns the email address the reset code belongs to; rejects when the code is invalid or used. */
export async function checkPasswordResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(portalAuth(), oobCode);
}

export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
  await confirmReset(portalAuth(), oobCode, newPassword);
}

export { describeIdentityError } from './identity-errors';
