import type { ApiErrorBody, ApiErrorCode } from '@portal/shared/domain';

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

export interface ApiClientOptions {
  /** Origin-relative or absolute URL of the API root, e.g. "/api". */
  baseUrl: string;
  getIdToken: () => Promise<string | null>;
  getAppCheckToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  /** Send the bearer id token (default). Registration sends only the app-check header. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** An API answer other than 2xx, carrying the server's `{ error: { code, message } }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network',
    message: string,
    readonly responseData: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get details(): unknown {
    return (this.responseData as ApiErrorBody | undefined)?.error?.details;
  }
}

export interface ApiClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options?: RequestOptions): Promise<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async request<T>(method: string, path: string, { body, auth = true, signal }: RequestOptions = {}) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const appCheckToken = await options.getAppCheckToken();
      if (appCheckToken) headers[APP_CHECK_HEADER] = appCheckToken;
      if (auth) {
        const idToken = await options.getIdToken();
        if (idToken) headers.Authorization = `Bearer ${idToken}`;
      }
      if (body !== undefined) headers['Content-Type'] = 'application/json';

      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        throw new ApiRequestError(0, 'network', `Could not reach the server (${(error as Error).message})`, null);
      }
      const data = await readBody(response);
      if (!response.ok) {
        const apiError = (data as ApiErrorBody | null)?.error;
        throw new ApiRequestError(
          response.status,
          apiError?.code ?? 'internal',
          apiError?.message ?? `Request failed with status ${response.status}`,
          data,
        );
      }
      return data as T;
    },
  };
}
