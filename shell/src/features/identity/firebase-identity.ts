import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
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

export function subscribeToIdentity(listener: (identity: IdentitySnapshot | null) => void): () => void {
  return onAuthStateChanged(portalAuth(), (user) => {
    setSignedInHint(user !== null);
    listener(snapshot(user));
  });
}

export async function getIdToken(): Promise<string | null> {
  const current = portalAuth();
  await current.authStateReady();
  return current.currentUser ? current.currentUser.getIdToken() : null;
}

/** App Check arrives with production hosting; locally there is no attestation service. */
export async function getAppCheckToken(): Promise<string | null> {
  return null;
}
