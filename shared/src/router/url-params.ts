import { useCallback, useContext, useMemo, useRef } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router-dom';

type Change = (params: URLSearchParams) => void;

/** What a router's writers share: a change waiting to be written (a search still being typed). */
type Writers = { deferred: Change | null };

/** One per router (its history): every writer of one URL's query string shares it. */
const writersOf = new WeakMap<object, Writers>();

export type UrlParamsWrite = {
  /** Another path for the write (a tab of the page); the query string is still merged, not replaced. */
  pathname?: string;
  /** Push a history entry; a write replaces the current one unless told. */
  push?: boolean;
};

export type UrlParams = {
  /** The query string as rendered. */
  params: URLSearchParams;
  /** The query string as it is now (a write not rendered yet included). */
  live: () => URLSearchParams;
  /**
   * Changes the query string: `change` gets the params of the URL as it is NOW (not as rendered:
   * a navigation renders later, in a transition), with any deferred change applied first, so no
   * writer loses another's change; nothing is written when nothing changed.
   */
  update: (change: Change, options?: UrlParamsWrite) => void;
  /**
   * A change to write later (a search box waiting for the typing to stop): the next write,
   * whoever makes it, writes it first; `flush` writes it now. Returns a cancel.
   */
  defer: (change: Change) => () => void;
  flush: () => void;
};

/**
 * The one writer of the query string: every part of a page that keeps its state in the URL
 * (`?q=`, `?sort=`, `?filter=`, `?tag=`, …) writes through it. react-router's `setSearchParams(fn)`
 * hands `fn` the params of the last render, so two writes before a render kept only the last.
 */
export function useUrlParams(): UrlParams {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const navigate = useNavigate();
  const rendered = useRef<Pick<Location, 'pathname' | 'search'>>(location);
  rendered.current = location;
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);

  const writers = useMemo(() => {
    let found = writersOf.get(navigator);
    if (!found) writersOf.set(navigator, (found = { deferred: null }));
    return found;
  }, [navigator]);

  // The history's location is the URL now (declarative routers); the rendered one otherwise.
  const now = useCallback(
    () => (navigator as Partial<{ location: Location }>).location ?? rendered.current,
    [navigator],
  );
  const live = useCallback(() => new URLSearchParams(now().search), [now]);

  const update = useCallback(
    (change: Change, { pathname, push = false }: UrlParamsWrite = {}) => {
      const { pathname: at, search: was } = now();
      const next = new URLSearchParams(was);
      const deferred = writers.deferred;
      writers.deferred = null;
      deferred?.(next);
      change(next);
      const search = next.toString();
      const to = pathname ?? at;
      if (to === at && search === new URLSearchParams(was).toString()) return;
      void navigate({ pathname: to, search: search ? `?${search}` : '' }, { replace: !push });
    },
    [now, navigate, writers],
  );

  const defer = useCallback(
    (change: Change) => {
      writers.deferred = change;
      return () => {
        if (writers.deferred === change) writers.deferred = null;
      };
    },
    [writers],
  );

  const flush = useCallback(() => update(() => undefined), [update]);

  return { params, live, update, defer, flush };
}
