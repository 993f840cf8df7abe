import { z } from 'zod/mini';
import { toFieldIssues } from '@portal/shared/domain';
import { ApiError } from './api-error';

export { toFieldIssues, type FieldIssue } from '@portal/shared/domain';

/** The body of a POST that takes none: `{}` (or nothing), and no field. */
export const emptyBodySchema = z.strictObject({});

/** Parses untrusted input; a mismatch becomes a 400 that names each offending field. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError('invalid-request', `Invalid ${what}`, toFieldIssues(result.error));
  }
  return result.data;
}
