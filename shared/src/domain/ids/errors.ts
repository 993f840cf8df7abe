import type { ApiErrorCode } from './error-codes';
import type { ApiErrorReason } from './error-reasons';

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
