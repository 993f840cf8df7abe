import { InvalidCursorError } from './document-store';

/** Cursors are base64url JSON: opaque to callers, checked by each adapter when read back. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

export const encodeCursorJson = (cursor: unknown): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The JSON a cursor holds; `InvalidCursorError` unless `isCursor` accepts it. */
export function decodeCursorJson<T>(text: string, isCursor: (value: unknown) => value is T): T {
  if (typeof text !== 'string' || !CURSOR_TEXT.test(text)) throw new InvalidCursorError();
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidCursorError({ cause: error });
  }
  if (!isCursor(cursor)) throw new InvalidCursorError();
  return cursor;
}
