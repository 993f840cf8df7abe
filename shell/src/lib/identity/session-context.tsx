import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { IdentitySnapshot } from './firebase-identity';
import { loadIdentity } from './load-identity';
import { hasSignedInHint } from './signed-in-hint';

export type SessionState = (
  | { status: 'loading'; identity: null }
  | { status: 'signed-out'; identity: null }
  | { status: 'signed-in'; identity: IdentitySnapshot }
) & {
  /** True once the identity SDK itself has reported; before that "signed-out" is only the hint's guess. */
  settled: boolean;
};

export type Session = SessionState & {
  /** Loads the identity SDK (if not yet) and follows its sign-in state from then on. */
  activate: () => void;
  /** The user chose to log out (until the next sign-in): guards send them home, not to /login. */
  signingOut: boolean;
  /** Starts a log out; returns what ends it again, should the sign-out fail. */
  beginSignOut: () => () => void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * Auth state starts loading and signed out, then follows the identity provider. A visitor
 * with no sign-in hint is taken as signed out without loading the SDK until a page needs it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', identity: null, settled: false });
  const [active, setActive] = useState(hasSignedInHint);

  useEffect(() => {
    if (!active) {
      setState({ status: 'signed-out', identity: null, settled: false });
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    loadIdentity().then(
      (identity) => {
        if (cancelled) return;
        unsubscribe = identity.subscribeToIdentity((snapshot) =>
          setState(
            snapshot
              ? { status: 'signed-in', identity: snapshot, settled: true }
              : { status: 'signed-out', identity: null, settled: true },
          ),
        );
      },
      (error: unknown) => {
        setState({ status: 'signed-out', identity: null, settled: true });
        throw error;
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [active]);

  const [signingOut, setSigningOut] = useState(false);
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  const uid = state.status === 'signed-in' ? state.identity.uid : null;
  if (uid !== signedInAs) {
    setSignedInAs(uid);
    // A new sign-in ends the logout that came before it.
    if (uid !== null) setSigningOut(false);
  }

  const activate = useCallback(() => setActive(true), []);
  const beginSignOut = useCallback(() => {
    setSigningOut(true);
    return () => setSigningOut(false);
  }, []);
  const value = useMemo(
    () => ({ ...state, activate, signingOut, beginSignOut }),
    [state, activate, signingOut, beginSignOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
