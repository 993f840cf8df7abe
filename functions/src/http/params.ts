import type { z } from 'zod/mini';
import type { ApiError } from './api-error';

/** Parses a path parameter; a value that cannot be a valid id names nothing, so it gets the not-found error. */
export function parseParam<S extends z.ZodMiniType>(schema: S, value: unknown, notFound: () => ApiError): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound();
  return result.data;
}
