import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';
import type * as IdentityModule from './firebase-identity';

/**
 * The Firebase SDK is mocked: these tests check what the identity module asks of it. The build
 * constant __PORTAL_LOCAL_MODE__ is a global here (tools/jest/browser-polyfills.ts), so each test
 * sets it and the config, then loads a fresh copy of the module.
 */
const mockSdk = {
  app: { initializeApp: jest.fn(() => ({ name: '[DEFAULT]' })) },
  auth: {
    browserLocalPersistence: 'local',
    indexedDBLocalPersistence: 'indexeddb',
    initializeAuth: jest.fn(() => ({ currentUser: null, authStateReady: () => Promise.resolve() })),
    connectAuthEmulator: jest.fn(),
    signInWithEmailAndPassword: jest.fn(async () => ({ user: { uid: 'ada', email: 'ada@example.org' } })),
    signOut: jest.fn(),
  },
  appCheck: {
    initializeAppCheck: jest.fn((_app: unknown, _options: unknown) => ({ app: 'app-check' })),
    ReCaptchaEnterpriseProvider: jest.fn(function (this: { siteKey: string }, siteKey: string) {
      this.siteKey = siteKey;
    }),
    getToken: jest.fn(async (): Promise<{ token: string }> => ({ token: 'app-check-token' })),
  },
};
const mockConfig = {} as ClientConfig;
// The identity module loads App Check lazily (outside any isolated registry): every registry gets these same mocks.
jest.mock('firebase/app', () => mockSdk.app);
jest.mock('firebase/auth', () => mockSdk.auth);
jest.mock('firebase/app-check', () => mockSdk.appCheck);
jest.mock('../client-config', () => ({ clientConfig: mockConfig }));

type Identity = typeof IdentityModule;
type Sdk = typeof mockSdk;

const BASE: ClientConfig = {
  mode: 'production',
  apiBaseUrl: '/api',
  remotesManifestUrl: '/remotes.json',
  firebase: { apiKey: 'test-key', authDomain: 'test.firebaseapp.com', projectId: 'test-project', appId: '1:0:web:0' },
  appCheck: { siteKey: 'test-site-key' },
  chapter: {
    name: 'Example Chapter',
    website: 'https://example.org/',
    photoSharing: 'https://example.org/photos',
    professionalNetwork: 'https://example.org/network',
    codeHosting: 'https://example.org/code',
  },
};

const LOCAL: ClientConfig = {
  ...BASE,
  mode: 'local',
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-portal' },
  appCheck: undefined,
  authEmulator: true,
};

function load(config: ClientConfig, localMode: boolean): { identity: Identity; sdk: Sdk } {
  Object.assign(globalThis, { __PORTAL_LOCAL_MODE__: localMode });
  let loaded: { identity: Identity; sdk: Sdk } | undefined;
  jest.isolateModules(() => {
    for (const key of Object.keys(mockConfig)) delete (mockConfig as Partial<ClientConfig>)[key as keyof ClientConfig];
    Object.assign(mockConfig, config);
    loaded = { identity: jest.requireActual<Identity>('./firebase-identity'), sdk: mockSdk };
  });
  return loaded!;
}

beforeEach(() => {
  jest.clearAllMocks();
});

afterEach(() => {
  jest.useRealTimers();
  Object.assign(globalThis, { __PORTAL_LOCAL_MODE__: true });
});

describe('in production', () => {
  test('App Check starts with reCAPTCHA Enterprise and automatic refresh, before Auth is used', async () => {
    const { identity, sdk } = load(BASE, false);

    await identity.signIn('ada@example.org', 'a-password');

    expect(sdk.appCheck.ReCaptchaEnterpriseProvider).toHaveBeenCalledWith('test-site-key');
    expect(sdk.appCheck.initializeAppCheck).toHaveBeenCalledTimes(1);
    const [app, options] = sdk.appCheck.initializeAppCheck.mock.calls[0]!;
    expect(app).toBe(sdk.app.initializeApp.mock.results[0]!.value);
    expect(options).toEqual({
      provider: expect.any(sdk.appCheck.ReCaptchaEnterpriseProvider),
      isTokenAutoRefreshEnabled: true,
    });
    expect(sdk.appCheck.initializeAppCheck.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.auth.signInWithEmailAndPassword.mock.invocationCallOrder[0]!,
    );
    expect(sdk.auth.connectAuthEmulator).not.toHaveBeenCalled();
  });

  test('getAppCheckToken returns the cached token (no forced refresh)', async () => {
    const { identity, sdk } = load(BASE, false);

    await expect(identity.getAppCheckToken()).resolves.toBe('app-check-token');
    await expect(identity.getAppCheckToken()).resolves.toBe('app-check-token');
    expect(sdk.appCheck.getToken).toHaveBeenCalledWith({ app: 'app-check' }, false);
    expect(sdk.appCheck.initializeAppCheck).toHaveBeenCalledTimes(1);
  });

  test('a failed attestation yields no token, so the API answers app-check-failed', async () => {
    const { identity, sdk } = load(BASE, false);
    sdk.appCheck.getToken.mockRejectedValueOnce(new Error('appCheck/fetch-status-error'));

    await expect(identity.getAppCheckToken()).resolves.toBeNull();
  });

  test('an attestation that never answers gives up after 10 seconds instead of hanging the call', async () => {
    const { identity, sdk } = load(BASE, false);
    sdk.appCheck.getToken.mockReturnValueOnce(new Promise(() => undefined));
    jest.useFakeTimers();

    const token = identity.getAppCheckToken();
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(token).resolves.toBeNull();
  });
});

describe('locally', () => {
  test('nothing loads App Check, the emulator is connected and there is no token', async () => {
    const { identity, sdk } = load(LOCAL, true);

    await expect(identity.getAppCheckToken()).resolves.toBeNull();
    await identity.signIn('ada@example.org', 'a-password');

    expect(sdk.appCheck.initializeAppCheck).not.toHaveBeenCalled();
    expect(sdk.appCheck.getToken).not.toHaveBeenCalled();
    expect(sdk.auth.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), window.location.origin, {
      disableWarnings: true,
    });
  });

  test('a site key in a local build is ignored: the constant decides', async () => {
    const { identity, sdk } = load({ ...LOCAL, appCheck: { siteKey: 'test-site-key' } }, true);

    await expect(identity.getAppCheckToken()).resolves.toBeNull();
    expect(sdk.appCheck.initializeAppCheck).not.toHaveBeenCalled();
  });
});
