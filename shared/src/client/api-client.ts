import type { ApiErrorCode } from '@portal/shared/domain/ids/error-codes';
import { isApiErrorReason, type ApiErrorReason } from '@portal/shared/domain/ids/error-reasons';
import type { ApiErrorBody } from '@portal/shared/domain/ids/errors';

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
export const FILE_NAME_HEADER = 'X-File-Name';

export interface ApiClientOptions {
  /** Origin-relative or absolute URL of the API root, e.g. "/api". */
  baseUrl: string;
  /** With `forceRefresh`, a new token is fetched even if the cached one looks valid. */
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  getAppCheckToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Makes the request object of uploads (fetch reports no upload progress). */
  createXhr?: () => XMLHttpRequest;
}

export interface RequestOptions {
  body?: unknown;
  /** Send the bearer id token (default). Registration sends only the app-check header. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** The original file name, sent URI-encoded in the X-File-Name header. */
  fileName: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * An API answer other than 2xx, carrying the server's `{ error: { code, message, reason? } }`.
 * Code that acts on a refusal matches its `reason` (`isApiRefusal`), never its message text.
 */
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

  /** Why the server refused, when it is one of the reasons clients act on (error-reasons.ts). */
  get reason(): ApiErrorReason | undefined {
    const reason = (this.responseData as ApiErrorBody | null | undefined)?.error?.reason;
    return isApiErrorReason(reason) ? reason : undefined;
  }
}

/** Whether `error` is the API's refusal for one of `reasons`. */
export const isApiRefusal = (error: unknown, ...reasons: ApiErrorReason[]): error is ApiRequestError =>
  error instanceof ApiRequestError && error.reason !== undefined && reasons.includes(error.reason);

export interface ApiClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options?: RequestOptions): Promise<T>;
  /** POSTs the file's bytes as the body, with its type as Content-Type; reports upload progress. */
  upload<T>(path: string, file: Blob, options: UploadOptions): Promise<T>;
  /** GETs a file with the caller's tokens (a plain link would send none). */
  download(path: string, options?: { signal?: AbortSignal }): Promise<Blob>;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFor(status: number, data: unknown): ApiRequestError {
  const apiError = (data as ApiErrorBody | null)?.error;
  return new ApiRequestError(
    status,
    apiError?.code ?? 'internal',
    apiError?.message ?? `Request failed with status ${status}`,
    data,
  );
}

const networkError = (reason: string) =>
  new ApiRequestError(0, 'network', `Could not reach the server (${reason})`, null);

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());

  async function tokenHeaders(auth: boolean, forceRefresh = false): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    const appCheckToken = await options.getAppCheckToken();
    if (appCheckToken) headers[APP_CHECK_HEADER] = appCheckToken;
    if (auth) {
      const idToken = await options.getIdToken(forceRefresh);
      if (idToken) headers.Authorization = `Bearer ${idToken}`;
    }
    return headers;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${options.baseUrl}${path}`, init);
    } catch (error) {
      throw networkError((error as Error).message);
    }
  }

  return {
    async request<T>(method: string, path: string, { body, auth = true, signal }: RequestOptions = {}) {
      const attempt = async (forceRefresh: boolean) => {
        const headers: Record<string, string> = {
          Accept: 'application/json',
          ...(await tokenHeaders(auth, forceRefresh)),
        };
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
      };
      let response = await attempt(false);
      // A token that expired (or was revoked and renewed) is refreshed once, not turned into a failure.
      if (response.status === 401 && auth) response = await attempt(true);
      const data = parseBody(await response.text());
      if (!response.ok) throw errorFor(response.status, data);
      return data as T;
    },

    async upload<T>(path: string, file: Blob, { fileName, onProgress, signal }: UploadOptions) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...(await tokenHeaders(true)),
        'Content-Type': file.type || 'application/octet-stream',
        [FILE_NAME_HEADER]: encodeURIComponent(fileName),
      };
      if (signal?.aborted) throw abortError(signal);

      return new Promise<T>((resolve, reject) => {
        const xhr = createXhr();
        const onAbortSignal = () => xhr.abort();
        const settle = (outcome: () => void) => {
          signal?.removeEventListener('abort', onAbortSignal);
          outcome();
        };

        xhr.open('POST', `${options.baseUrl}${path}`);
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
        if (onProgress) {
          xhr.upload.onprogress = (event) =>
            onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
        }
        xhr.onload = () =>
          settle(() => {
            const data = parseBody(xhr.responseText);
            if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
            else reject(errorFor(xhr.status, data));
          });
        xhr.onerror = () => settle(() => reject(networkError('the upload failed')));
        xhr.ontimeout = () => settle(() => reject(networkError('the upload timed out')));
        xhr.onabort = () =>
          settle(() => reject(signal ? abortError(signal) : new DOMException('The upload was aborted.', 'AbortError')));
        signal?.addEventListener('abort', onAbortSignal);
        xhr.send(file);
      });
    },

    async download(path: string, { signal }: { signal?: AbortSignal } = {}) {
      const response = await send(path, { method: 'GET', headers: await tokenHeaders(true), signal });
      if (!response.ok) throw errorFor(response.status, parseBody(await response.text()));
      return response.blob();
    },
  };
}
