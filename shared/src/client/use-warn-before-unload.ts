import { useEffect, useRef } from 'react';

/**
 * While `unsaved()` is true, closing or reloading the tab asks the browser's "Leave site?" first.
 * `unsaved` is read when the page is about to unload, so it may read state that changes without a
 * render (the autosave engine's).
 */
export function useWarnBeforeUnload(unsaved: () => boolean): void {
  const latest = useRef(unsaved);
  latest.current = unsaved;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}
