import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlParams } from '@portal/shared/router';

export const SEARCH_DELAY_MS = 300;

/**
 * The search box text and the URL's `?q=`: the box writes to the URL 300 ms after the last keystroke,
 * and at once when it is cleared. It writes through the page's one writer of the query string
 * (`useUrlParams`), so a sort, filter or tag chosen meanwhile keeps the search and the search keeps
 * them: a search still waiting is written first by whichever write comes next.
 */
export function useUrlSearch() {
  const { params, live, update, defer, flush } = useUrlParams();
  const q = params.get('q') ?? '';
  const [text, setTextState] = useState(q);
  /** The `q` this box wrote last: the URL coming back with it is not a change "on its own". */
  const written = useRef<string | null>(q);
  const waiting = useRef<{ timer: number; cancel: () => void } | null>(null);

  const cancel = useCallback(() => {
    if (!waiting.current) return;
    window.clearTimeout(waiting.current.timer);
    waiting.current.cancel();
    waiting.current = null;
  }, []);

  const writeQ = useCallback(
    (value: string) => (next: URLSearchParams) => {
      written.current = value;
      if (value) next.set('q', value);
      else next.delete('q');
    },
    [],
  );

  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      cancel();
      const wanted = next.trim();
      // A cleared box clears the search at once (nothing to wait for).
      if (!wanted) {
        update(writeQ(''));
        return;
      }
      const cancelDeferred = defer(writeQ(wanted));
      const timer = window.setTimeout(() => {
        waiting.current = null;
        flush();
      }, SEARCH_DELAY_MS);
      waiting.current = { timer, cancel: cancelDeferred };
    },
    [cancel, defer, flush, update, writeQ],
  );

  // The URL wins when it changes on its own (back, a link, a saved view): not for this box's own
  // writes, nor for a URL already replaced by a later one that has not rendered yet.
  useEffect(() => {
    if (q !== (live().get('q') ?? '') || q === written.current) return;
    written.current = q;
    cancel();
    setTextState(q);
  }, [q, live, cancel]);

  useEffect(() => cancel, [cancel]);

  /** Opens another path (a tab) with this search alone: the other params belong to the tab left. */
  const openPath = useCallback(
    (pathname: string) => {
      cancel();
      const wanted = text.trim();
      update(
        (next) => {
          for (const key of [...next.keys()]) next.delete(key);
          writeQ(wanted)(next);
        },
        { pathname, push: true },
      );
    },
    [cancel, text, update, writeQ],
  );

  return { q, text, setText, openPath };
}

/** A value that follows `value` once it has stopped changing for 300 ms. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
