import { APP_CHECK_HEADER, createApiClient } from '@portal/shared/client';
import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';
import type { loadIdentity } from '../../lib/identity/load-identity';
import { portalApiOptions } from './portal-api';

type Identity = Awaited<ReturnType<typeof loadIdentity>>;

const LOCAL: ClientConfig = {
  mode: 'local',
  apiBaseUrl: '/api',
  remotesManifestUrl: '/remotes.json',
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-portal' },
  authEmulator: true,
  chapter: {
    name: 'Example Chapter',
    website: 'https://example.org/',
    photoSharing: 'https://example.org/photos',
    professionalNetwork: 'https://example.org/network',
    codeHosting: 'https://example.org/code',
  },
};
const PRODUCTION: ClientConfig = {
  ...LOCAL,
  mode: 'production',
  firebase: { apiKey: 'test-key', authDomain: 'test.firebaseapp.com', projectId: 'test-project', appId: '1:0:web:0' },
  appCheck: { siteKey: 'test-site-key' },
  authEmulator: undefined,
};

function setup(config: ClientConfig) {
  const identity = {
    getIdToken: jest.fn(async () => 'id-token'),
    getAppCheckToken: jest.fn(async (): Promise<string | null> => 'app-check-token'),
  };
  const load = jest.fn(async () => identity as unknown as Identity);
  const fetchImpl = jest.fn(async (_url: string, _init: RequestInit) => ({
    ok: true,
    status: 200,
    text: async () => '{}',
  }));
  const api = createApiClient({ ...portalApiOptions(config, load), fetch: fetchImpl as unknown as typeof fetch });
  const headersOf = (call: number) => fetchImpl.mock.calls[call]![1].headers as Record<string, string>;
  return { api, identity, load, fetchImpl, headersOf };
}

test('in production every call carries the App Check token, the unauthenticated registration included', async () => {
  const { api, fetchImpl, headersOf } = setup(PRODUCTION);

  await api.request('POST', '/auth/register', { body: { email: 'ada@example.org' }, auth: false });
  await api.request('POST', '/auth/update', { body: { email: 'ada@example.org' } });

  expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(['/api/auth/register', '/api/auth/update']);
  expect(headersOf(0)[APP_CHECK_HEADER]).toBe('app-check-token');
  expect(headersOf(0)).not.toHaveProperty('Authorization');
  expect(headersOf(1)[APP_CHECK_HEADER]).toBe('app-check-token');
  expect(headersOf(1).Authorization).toBe('Bearer id-token');
});

test('in production a call without a token still goes out (the server answers app-check-failed)', async () => {
  const { api, identity, headersOf } = setup(PRODUCTION);
  identity.getAppCheckToken.mockResolvedValue(null);

  await api.request('POST', '/auth/register', { body: {}, auth: false });

  expect(headersOf(0)).not.toHaveProperty([APP_CHECK_HEADER]);
});

test('locally no call asks for App Check, and registration does not load the identity SDK', async () => {
  const { api, identity, load, headersOf } = setup(LOCAL);

  await api.request('POST', '/auth/register', { body: {}, auth: false });

  expect(load).not.toHaveBeenCalled();
  expect(identity.getAppCheckToken).not.toHaveBeenCalled();
  expect(headersOf(0)).not.toHaveProperty([APP_CHECK_HEADER]);
});
