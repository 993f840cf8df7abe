import { ApiRequestError, type ApiClient } from '@portal/shared/client';
import {
  API_ERROR_REASONS,
  API_ERROR_STATUS,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorReason,
} from '@portal/shared/domain';

type Handler = (body: unknown) => unknown;

/** `"GET /forms/active"` → a handler; an unrouted call fails the test loudly. */
export type Routes = Record<string, Handler>;

export function apiError(status: number, code: ApiErrorCode, message: string): ApiRequestError {
  return new ApiRequestError(status, code, message, { error: { code, message } });
}

/** A refusal as the API sends it: the reason's code and status (the reason table), any message. */
export function apiRefusal(reason: ApiErrorReason, message: string, details?: unknown): ApiRequestError {
  const code = API_ERROR_REASONS[reason];
  const body: ApiErrorBody = { error: { code, message, reason, ...(details !== undefined && { details }) } };
  return new ApiRequestError(API_ERROR_STATUS[code], code, message, body);
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

/**
 * A long job's progress route (release, auto-assign, files ZIP): it answers `running` until the test
 * calls `finish()`, then `done`. The page asks again each second, and on a loaded machine a fixed
 * list of answers had the next ask come before the test had read what the first one showed.
 * `answered` lists the state of each answer given.
 */
export function jobProgress<T extends { state: string }>(running: T, done: T) {
  let finished = false;
  const handler = jest.fn((): T => (finished ? done : running));
  return {
    handler,
    get answered(): T['state'][] {
      return handler.mock.results.map((result) => (result.value as T).state);
    },
    finish: () => {
      finished = true;
    },
  };
}
