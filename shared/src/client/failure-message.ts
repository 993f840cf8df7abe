import { ApiRequestError } from './api-client';

/** The server's per-field details, as "field: message" (never the raw response). */
function detailsText(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.details)) return null;
  const items = (error.details as { path?: unknown; message?: unknown }[])
    .filter((detail) => typeof detail?.message === 'string')
    .map((detail) => (detail.path ? `${String(detail.path)}: ${String(detail.message)}` : String(detail.message)));
  return items.length > 0 ? items.join('; ') : null;
}

/**
 * The error catalogue's '{prefix}: {message} ({response data})' (docs/product.md#error-catalogue),
 * readable: the message, then what the response adds to it (the fields it names), in parentheses
 * only when there is something to add.
 */
export function failureMessage(prefix: string, error: unknown): string {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const details = detailsText(error);
  return `${prefix}: ${message}${details ? ` (${details})` : ''}`;
}
