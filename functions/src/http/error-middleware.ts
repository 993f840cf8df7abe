import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody } from '@portal/shared/domain';
import {
  InvalidCursorError,
  StoreLimitError,
  TransactionContentionError,
  type StoreLimit,
} from '../store/document-store';
import { ApiError } from './api-error';

interface HttpParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

function fromParserError(error: HttpParserError): ApiError | null {
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError('payload-too-large', 'Request body is too large');
    case 'entity.parse.failed':
      return new ApiError('invalid-request', 'Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('unsupported-media-type', 'Unsupported request body encoding');
    default:
      return error.expose && error.status && error.status < 500
        ? new ApiError('invalid-request', 'Malformed request')
        : null;
  }
}

/** A list's `cursor` query parameter that the store cannot read: the client's mistake. */
const invalidCursor = () =>
  new ApiError('invalid-request', 'Invalid cursor', [{ path: 'cursor', message: 'Not a cursor of this list' }]);

/** What a caller is told when a write would break one of Firestore's limits (store-limits.ts). */
export const STORE_LIMIT_MESSAGES: Record<StoreLimit, string> = {
  'document-size': 'This is too large to save: one record holds at most 1 MB. Shorten the longest texts and try again.',
  'commit-writes': 'Too many changes at once: do this in smaller parts (at most 500 records change together).',
  'commit-size': 'Too much data at once: do this in smaller parts (at most 10 MB change together).',
};

/** A transaction that kept meeting others' changes to its records: it wrote nothing, and may be sent again. */
export const CONTENTION_MESSAGE =
  'Others were changing the same records at the same moment; nothing was changed. Try again.';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError('not-found', `No route for ${req.method} ${req.baseUrl}${req.path}`));
};

export const errorMiddleware: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof StoreLimitError) req.log?.warn({ err: error }, 'store limit reached');
  if (error instanceof TransactionContentionError) req.log?.warn({ err: error }, 'transaction contention');
  const apiError =
    error instanceof ApiError
      ? error
      : error instanceof InvalidCursorError
        ? invalidCursor()
        : error instanceof StoreLimitError
          ? new ApiError('payload-too-large', STORE_LIMIT_MESSAGES[error.limit])
          : error instanceof TransactionContentionError
            ? new ApiError('conflict', CONTENTION_MESSAGE)
            : (fromParserError((error ?? {}) as HttpParserError) ?? null);
  if (!apiError) {
    req.log?.error({ err: error }, 'unhandled error');
  }
  const known = apiError ?? new ApiError('internal', 'Something went wrong on our side');
  const body: ApiErrorBody = { error: { code: known.code, message: known.message } };
  if (known.reason) body.error.reason = known.reason;
  if (known.details !== undefined) body.error.details = known.details;
  res.status(known.status).json(body);
};
