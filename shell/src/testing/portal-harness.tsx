import { useEffect, useMemo, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@portal/shared/query';
import { PortalProvider, type ApiClient, type SessionAnswer } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import type { User } from '@portal/shared/domain/schemas/forms';
import { useLocation } from '@portal/shared/router';
import type { IdentitySnapshot } from '../lib/identity/firebase-identity';
import { describeIdentityError } from '../lib/identity/identity-errors';
import { loadIdentity } from '../lib/identity/load-identity';
import { SessionProvider, useSession } from '../lib/identity/session-context';

// Test-only: the shell's providers around a page, with a fake identity module behind
// loadIdentity() and a fake API. A test file must `jest.mock(<path to>/identity/load-identity)`
// with `{ loadIdentity: jest.fn() }` before calling setupPortal.

export type IdentityModule = Awaited<ReturnType<typeof loadIdentity>>;
type Listener = (identity: IdentitySnapshot | null) => void;
type Handler = (options: Parameters<ApiClient['request']>[2]) => Promise<unknown>;

export const ADA_EMAIL = 'ada@example.org';

export function identityOf({ emailVerified = true, email = ADA_EMAIL } = {}): IdentitySnapshot {
  return { uid: 'ada-uid', email, emailVerified };
}

export function userWithRole(role: UserRole = 'applicant'): User {
  return {
    id: 'ada-uid',
    email: ADA_EMAIL,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role,
    applicantRolePreferences: [],
    activeApplications: [],
  };
}

function createFakeIdentity(initial: IdentitySnapshot | null) {
  let current = initial;
  const listeners = new Set<Listener>();
  const emit = (next: IdentitySnapshot | null) => {
    current = next;
    listeners.forEach((listener) => listener(next));
  };
  const module = {
    subscribeToIdentity: jest.fn((listener: Listener) => {
      listeners.add(listener);
      listener(current);
      return () => void listeners.delete(listener);
    }),
    getIdToken: jest.fn(async (): Promise<string | null> => (current ? 'id-token' : null)),
    getAppCheckToken: jest.fn(async (): Promise<string | null> => null),
    signIn: jest.fn(async (email: string, _password: string): Promise<IdentitySnapshot> => {
      const signedIn = { uid: 'ada-uid', email, emailVerified: true };
      emit(signedIn);
      return signedIn;
    }),
    signOut: jest.fn(async () => emit(null)),
    sendVerificationEmail: jest.fn(async (): Promise<void> => undefined),
    refreshIdentity: jest.fn(async (): Promise<void> => undefined),
    checkEmailVerified: jest.fn(async () => current?.emailVerified ?? false),
    completeEmailVerification: jest.fn(async (_oobCode: string): Promise<void> => undefined),
    sendPasswordReset: jest.fn(async (_email: string): Promise<void> => undefined),
    checkPasswordResetCode: jest.fn(async (_oobCode: string) => ADA_EMAIL),
    confirmPasswordReset: jest.fn(async (_oobCode: string, _password: string): Promise<void> => undefined),
    describeIdentityError,
  } satisfies IdentityModule;
  return { module, emit, current: () => current };
}

export type FakeIdentity = ReturnType<typeof createFakeIdentity>;

/** Mirrors PortalProviders: loads the identity SDK and gives the portal context the session's identity. */
function SessionBridge({ api, children }: { api: ApiClient; children: ReactNode }) {
  const session = useSession();
  const { activate } = session;
  useEffect(activate, [activate]);
  const portal = useMemo(() => ({ api, identity: session.identity }), [api, session.identity]);
  return <PortalProvider value={portal}>{children}</PortalProvider>;
}

/**
 * Signed in when `identity` is given (the sign-in hint is set), signed out otherwise. The
 * API answers GET /session with `user` (an Error makes it fail) and, when given, the privacy
 * notice's `privacyNoticeVersion` in force; other calls go to `on(...)`.
 */
export function setupPortal({
  identity = null,
  user = null,
  privacyNoticeVersion,
}: { identity?: IdentitySnapshot | null; user?: User | null | Error; privacyNoticeVersion?: string } = {}) {
  const fake = createFakeIdentity(identity);
  jest.mocked(loadIdentity).mockResolvedValue(fake.module);
  if (identity) localStorage.setItem('portal:signed-in', '1');

  let sessionUser = user;
  const handlers = new Map<string, Handler>();
  const request = jest.fn(async (method: string, path: string, options?: Parameters<ApiClient['request']>[2]) => {
    if (method === 'GET' && path === '/session') {
      if (sessionUser instanceof Error) throw sessionUser;
      return {
        identity: fake.current(),
        user: sessionUser,
        ...(privacyNoticeVersion !== undefined && { privacyNoticeVersion }),
      } as SessionAnswer;
    }
    const handler = handlers.get(`${method} ${path}`);
    if (!handler) throw new Error(`unexpected request ${method} ${path}`);
    return handler(options);
  });
  const api = { request } as unknown as ApiClient & { request: typeof request };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  return {
    identity: fake.module,
    emit: fake.emit,
    api,
    queryClient,
    setUser: (next: User | null | Error) => (sessionUser = next),
    on: (method: string, path: string, handler: Handler) => handlers.set(`${method} ${path}`, handler),
    /** Calls other than the session lookup every guarded page makes. */
    requestsOtherThanSession: () =>
      request.mock.calls.filter(([method, path]) => `${method} ${path}` !== 'GET /session'),
    /** What PortalProviders gives the pages, for a test that brings its own SessionProvider. */
    portalProviders: (children: ReactNode) => (
      <QueryClientProvider client={queryClient}>
        <SessionBridge api={api}>{children}</SessionBridge>
      </QueryClientProvider>
    ),
    providers: (children: ReactNode) => (
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <SessionBridge api={api}>{children}</SessionBridge>
        </QueryClientProvider>
      </SessionProvider>
    ),
  };
}

/** A stand-in page that says where the router is and what the location state remembers. */
export function LocationProbe() {
  const { pathname, search, state } = useLocation();
  const from = (state as { from?: string } | null)?.from;
  return <p>{`Now at ${pathname}${search}${from ? ` (from ${from})` : ''}`}</p>;
}
