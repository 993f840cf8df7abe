import { ApiRequestError, createApiClient, isApiRefusal, type ApiClientOptions } from './api-client';

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

test("a refusal carries the server's reason, which isApiRefusal matches; an unknown reason is none", async () => {
  const errorBody = { error: { code: 'forbidden', message: 'Reworded at any time', reason: 'past-due' } };
  const { api } = setup({ status: 403, body: JSON.stringify(errorBody) });

  const error = await api.request('PUT', '/application/save/1').catch((caught: unknown) => caught);

  expect((error as ApiRequestError).reason).toBe('past-due');
  expect(isApiRefusal(error, 'submitted', 'past-due')).toBe(true);
  expect(isApiRefusal(error, 'released')).toBe(false);
  expect(isApiRefusal(new Error('past-due'), 'past-due')).toBe(false);
  const unknown = new ApiRequestError(403, 'forbidden', 'x', { error: { code: 'forbidden', reason: 'gone-fishing' } });
  expect(unknown.reason).toBeUndefined();
  expect(new ApiRequestError(0, 'network', 'Could not reach the server', null).reason).toBeUndefined();
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

class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function uploadSetup(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: '/api',
    getIdToken: async () => 'id-token',
    getAppCheckToken: async () => 'app-check-token',
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    ...overrides,
  });
}

const pdfBlob = () => new Blob(['%PDF-1.4 hello'], { type: 'application/pdf' });

/** Lets the client finish fetching its tokens and open the request. */
async function opened(): Promise<FakeXhr> {
  for (let tick = 0; tick < 50 && !FakeXhr.last; tick += 1) await Promise.resolve();
  if (!FakeXhr.last) throw new Error('no request was opened');
  return FakeXhr.last;
}

describe('upload', () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
  });

  test('POSTs the bytes with their type, the encoded file name and both tokens, and resolves to the answer', async () => {
    const file = pdfBlob();
    const result = uploadSetup().upload('/files/r1/resume', file, { fileName: 'résumé 1/2.pdf' });
    const xhr = await opened();

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files/r1/resume');
    expect(xhr.body).toBe(file);
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer id-token',
      'X-Firebase-AppCheck': 'app-check-token',
      'Content-Type': 'application/pdf',
      'X-File-Name': 'r%C3%A9sum%C3%A9%201%2F2.pdf',
    });
    xhr.respond(201, '{"id":"f1"}');
    await expect(result).resolves.toEqual({ id: 'f1' });
  });

  test('sends a file without a type as application/octet-stream and no tokens when there are none', async () => {
    const result = uploadSetup({ getIdToken: async () => null, getAppCheckToken: async () => null }).upload(
      '/files/r1/q',
      new Blob(['x']),
      { fileName: 'x' },
    );
    const xhr = await opened();
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/octet-stream',
      'X-File-Name': 'x',
    });
    xhr.respond(201, '{}');
    await result;
  });

  test('reports upload progress', async () => {
    const onProgress = jest.fn();
    const file = pdfBlob();
    const result = uploadSetup().upload('/files/r1/q', file, { fileName: 'cv.pdf', onProgress });
    const xhr = await opened();

    xhr.progress(5, 10);
    xhr.progress(7, 0, false);
    xhr.respond(201, '{}');
    await result;

    expect(onProgress.mock.calls).toEqual([[{ loaded: 5, total: 10 }], [{ loaded: 7, total: file.size }]]);
  });

  test("a non-2xx answer rejects with ApiRequestError carrying the server's code and message", async () => {
    const body = { error: { code: 'unsupported-media-type', message: 'Upload a PDF file' } };
    const result = uploadSetup().upload('/files/r1/q', pdfBlob(), { fileName: 'cv.pdf' });
    (await opened()).respond(415, JSON.stringify(body));

    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 415,
      code: 'unsupported-media-type',
      message: 'Upload a PDF file',
      responseData: body,
    });
  });

  test('a non-2xx answer without an error body still rejects with its status', async () => {
    const result = uploadSetup().upload('/files/r1/q', pdfBlob(), { fileName: 'cv.pdf' });
    (await opened()).respond(502, 'Bad Gateway');
    await expect(result).rejects.toMatchObject({
      status: 502,
      code: 'internal',
      message: 'Request failed with status 502',
    });
  });

  test('a failed connection becomes a network ApiRequestError', async () => {
    const result = uploadSetup().upload('/files/r1/q', pdfBlob(), { fileName: 'cv.pdf' });
    (await opened()).onerror?.();
    await expect(result).rejects.toMatchObject({ name: 'ApiRequestError', status: 0, code: 'network' });
  });

  test('aborting through the signal aborts the request and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const result = uploadSetup().upload('/files/r1/q', pdfBlob(), { fileName: 'cv.pdf', signal: controller.signal });
    const xhr = await opened();

    controller.abort();

    expect(xhr.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('an already aborted signal sends nothing', async () => {
    const createXhr = jest.fn(() => new FakeXhr() as unknown as XMLHttpRequest);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadSetup({ createXhr }).upload('/files/r1/q', pdfBlob(), { fileName: 'cv.pdf', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(createXhr).not.toHaveBeenCalled();
  });
});

describe('download', () => {
  test('GETs the file with both tokens and resolves to its bytes', async () => {
    const blob = pdfBlob();
    const fetch = jest.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        ({ ok: true, status: 200, blob: async () => blob }) as Response,
    );
    const api = uploadSetup({ fetch });

    await expect(api.download('/files/f1')).resolves.toBe(blob);

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/files/f1');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ Authorization: 'Bearer id-token', 'X-Firebase-AppCheck': 'app-check-token' });
  });

  test('a non-2xx answer throws ApiRequestError with the server message', async () => {
    const { api } = setup({ status: 404, body: '{"error":{"code":"not-found","message":"No file for this ID"}}' });
    await expect(api.download('/files/f1')).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 404,
      code: 'not-found',
      message: 'No file for this ID',
    });
  });

  test('a fetch that fails becomes a network ApiRequestError', async () => {
    const { api } = setup({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.download('/files/f1')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('an expired id token', () => {
  it('is refreshed once and the request retried, instead of failing', async () => {
    const getIdToken = jest.fn(async (forceRefresh?: boolean) => (forceRefresh ? 'fresh-token' : 'expired-token'));
    const fetchImpl = jest.fn(async (_url: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer fresh-token'
        ? fakeResponse(200, JSON.stringify({ saved: true }))
        : fakeResponse(401, JSON.stringify({ error: { code: 'unauthenticated', message: 'expired' } }));
    });
    const api = createApiClient({
      baseUrl: '/api',
      getIdToken,
      getAppCheckToken: async () => null,
      fetch: fetchImpl as unknown as typeof fetch,
    });

    await expect(api.request('PUT', '/application/save/x', { body: {} })).resolves.toEqual({ saved: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(getIdToken).toHaveBeenLastCalledWith(true);
  });

  it('still fails with 401 when the refreshed token is refused too', async () => {
    const fetchImpl = jest.fn(async () =>
      fakeResponse(401, JSON.stringify({ error: { code: 'unauthenticated', message: 'no' } })),
    );
    const api = createApiClient({
      baseUrl: '/api',
      getIdToken: async () => 't',
      getAppCheckToken: async () => null,
      fetch: fetchImpl as unknown as typeof fetch,
    });

    await expect(api.request('GET', '/session')).rejects.toMatchObject({ status: 401 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
