import { ApiRequestError, type ApiClient } from '@portal/shared/client';
import type { ApiErrorCode } from '@portal/shared/domain';

type Handler = (body: unknown) => unknown;

/** `"GET /forms/active"` → a handler; an unrouted call fails the test loudly. */
export type Routes = Record<string, Handler>;

export function apiError(status: number, code: ApiErrorCode, message: string): ApiRequestError {
  return new ApiRequestError(status, code, message, { error: { code, message } });
}

export function fakeApi(routes: Routes) {
  const request = jest.fn(async (method: string, path: string, options?: { body?: unknown }) => {
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new Error(`The fake API has no route for ${method} ${path}`);
    return handler(options?.body);
  });
  /** Downloads are routed as `"GET /files/…"`; the handler answers the Blob. */
  const download = jest.fn(async (path: string) => {
    const handler = routes[`GET ${path}`];
    if (!handler) throw new Error(`The fake API has no route for a download of ${path}`);
    return handler(undefined);
  });
  return { api: { request, download } as unknown as ApiClient, request, download };
}

export const answer =
  (value: unknown): Handler =>
  () =>
    value;

export const fail =
  (error: Error): Handler =>
  () => {
    throw error;
  };
