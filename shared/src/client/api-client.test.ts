import { ApiRequestError, createApiClient, type ApiClientOptions } from './api-client';

function fakeResponse(status: number, body: string) {
  return { ok: status >= 200 && status < 300, status, text: async () => body } as Response;
}

function setup({
  status = 200,
  body = '{"ok":true}',
  ...overrides
}: Partial<ApiClientOptions> & { status?: number; body?: string } = {}) {
  const fetch = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => fakeResponse(status, body));
  const api = createApiClient({
    baseUrl: '/api',
    getIdToken: async () => 'id-token',
    getAppCheckToken: async () => 'app-check-token',
    fetch,
    ...overrides,
  });
  const sent = () => {
    const [url, init] = fetch.mock.calls[0] ?? [];
    return { url, init, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { api, fetch, sent };
}

test('sends the id token and the app-check token', async () => {
  const { api, sent } = setup();

  await expect(api.request('GET', '/users/me')).resolves.toEqual({ ok: true });

  expect(sent().url).toBe('/api/users/me');
  expect(sent().init?.method).toBe('GET');
  expect(sent().headers).toEqual({
    Accept: 'application/json',
    Authorization: 'Bearer id-token',
    'X-Firebase-AppCheck': 'app-check-token',
  });
});

test('sends no token headers when there are no tokens', async () => {
  const { api, sent } = setup({ getIdToken: async () => null, getAppCheckToken: async () => null });

  await api.request('GET', '/health');

  expect(sent().headers).toEqual({ Accept: 'application/json' });
});

test('auth: false sends the app-check token but no Authorization', async () => {
  const getIdToken = jest.fn(async () => 'id-token');
  const { api, sent } = setup({ getIdToken });

  await api.request('POST', '/users', { auth: false });

  expect(sent().headers).not.toHaveProperty('Authorization');
  expect(sent().headers).toHaveProperty('X-Firebase-AppCheck', 'app-check-token');
  expect(getIdToken).not.toHaveBeenCalled();
});

test('a body is sent as JSON', async () => {
  const { api, sent } = setup();

  await api.request('PUT', '/users/me', { body: { firstName: 'Ada' } });

  expect(sent().headers).toHaveProperty('Content-Type', 'application/json');
  expect(sent().init?.body).toBe('{"firstName":"Ada"}');
});

test('a request without a body sends no Content-Type', async () => {
  const { api, sent } = setup();

  await api.request('GET', '/users/me');

  expect(sent().headers).not.toHaveProperty('Content-Type');
  expect(sent().init?.body).toBeUndefined();
});

test("a non-2xx answer throws ApiRequestError with the server's code and message", async () => {
  const errorBody = { error: { code: 'forbidden', message: 'Reviewers only', details: { role: 'applicant' } } };
  const { api } = setup({ status: 403, body: JSON.stringify(errorBody) });

  const error = await api.request('GET', '/admin').catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(ApiRequestError);
  expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Reviewers only', responseData: errorBody });
  expect((error as ApiRequestError).details).toEqual({ role: 'applicant' });
});

test('a non-2xx answer without an error body still throws with its status', async () => {
  const { api } = setup({ status: 502, body: 'Bad Gateway' });

  await expect(api.request('GET', '/health')).rejects.toMatchObject({
    status: 502,
    code: 'internal',
    message: 'Request failed with status 502',
    responseData: 'Bad Gateway',
  });
});

test('a fetch that fails becomes a network ApiRequestError', async () => {
  const { api } = setup({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });

  const error = await api.request('GET', '/health').catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(ApiRequestError);
  expect(error).toMatchObject({ status: 0, code: 'network', responseData: null });
  expect((error as Error).message).toContain('Failed to fetch');
});

test('an empty 204 answer resolves to null', async () => {
  const { api } = setup({ status: 204, body: '' });

  await expect(api.request('DELETE', '/users/me')).resolves.toBeNull();
});
