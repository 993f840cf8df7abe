import type { z } from 'zod';
import { ApiError } from './api-error';

export interface FieldIssue {
  path: string;
  message: string;
}

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses untrusted input; a mismatch becomes a 400 that names each offending field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError('invalid-request', `Invalid ${what}`, toFieldIssues(result.error));
  }
  return result.data;
}
