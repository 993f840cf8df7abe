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
  return { api: { request } as unknown as ApiClient, request };
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
