import { useEffect, useState } from 'react';
import { useSearchParams } from '@portal/shared/router';

export const SEARCH_DELAY_MS = 300;

/**
 * The search box text and the URL's `?q=`: the box writes to the URL 300 ms after the last keystroke.
 * Known race, not yet fixed: browser tests saw a sort click or a cleared box lost while a search
 * was still on its way to the URL (two writers of the same query string).
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);

  // The URL wins when it changes on its own (back, a link).
  useEffect(() => setText((current) => (current.trim() === q ? current : q)), [q]);

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = window.setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (text.trim()) next.set('q', text.trim());
            else next.delete('q');
            return next;
          },
          { replace: true },
        ),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [text, q, setParams]);

  return { q, text, setText };
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
