import type { ApiErrorReason } from './error-reasons';

/**
 * Error codes of the API's `{ error: { code, message, reason?, details? } }` body, with their HTTP
 * status. A code is generic; what a client acts on is the `reason` (error-reasons.ts).
 */
export const API_ERROR_STATUS = {
  'invalid-request': 400,
  unauthenticated: 401,
  'app-check-failed': 401,
  'email-not-verified': 403,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  internal: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; reason?: ApiErrorReason; details?: unknown };
}

/** One problem of a 400's `details`: the dotted path of the field (`sections.1.questions.0.options`) and what is wrong. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A zod error as the API reports it (and the form builder shows it, next to the same fields). */
export function toFieldIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The field issues of an API error's `details`, or none. */
export const fieldIssuesOf = (details: unknown): FieldIssue[] =>
  Array.isArray(details)
    ? details.filter(
        (item): item is FieldIssue =>
          typeof (item as FieldIssue)?.path === 'string' && typeof (item as FieldIssue)?.message === 'string',
      )
    : [];
