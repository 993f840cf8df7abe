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
