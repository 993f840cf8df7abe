import { useState } from 'react';

/**
 * Cursor paging for a query that changes: a stack of the cursors of the pages seen; a different
 * `resetKey` (new search, sort or filter) starts again at the first page.
 */
export type CursorPages = ReturnType<typeof useCursorPages>;

export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  const cursors = state.key === resetKey ? state.cursors : [null];
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    next: (cursor: string) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.slice(0, -1) }),
  };
}
