import {
  Component,
  lazy,
  Suspense,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { PORTAL_TOKENS } from './portal-tokens';

export const LOAD_FAILED_TITLE = 'This part of the page could not be loaded.';
export const LOAD_FAILED_HINT = 'Check your connection, then try again.';
export const TRY_AGAIN = 'Try again';

/**
 * What shows instead of a part that failed to load (its code could not be fetched, or it failed
 * to render): a message and "Try again", in the page's frame. Drawn without antd, so it works on
 * pages that have not loaded antd (and when loading antd is what failed). When the connection
 * returns it tries again by itself.
 */
export function LoadFailed({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const token = PORTAL_TOKENS;
  // Listening from the commit that shows the message (a layout effect), not after it: the
  // connection can come back between the two.
  useLayoutEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        gap: compact ? 8 : 12,
        padding: compact ? 0 : '48px 16px',
        textAlign: 'center',
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <span>
        {LOAD_FAILED_TITLE}
        {compact ? ' ' : <br />}
        <span style={{ color: token.colorTextSecondary }}>{LOAD_FAILED_HINT}</span>
      </span>
      <button
        type="button"
        onClick={onRetry}
        style={{
          height: compact ? 32 : token.controlHeightLG,
          padding: `0 ${token.paddingContentHorizontal}px`,
          font: 'inherit',
          color: token.colorTextLightSolid,
          background: token.colorPrimary,
          border: 'none',
          borderRadius: token.borderRadiusLG,
          cursor: 'pointer',
        }}
      >
        {TRY_AGAIN}
      </button>
    </div>
  );
}

/** The failures of the loads `lazyPart` started: what a `LoadBoundary` stands in for. */
const loadFailures = new WeakSet<object>();

/** A part's code could not be fetched: a failed load of `lazyPart`, or webpack's error for a chunk. */
export function isLoadFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return loadFailures.has(error) || (error as { name?: unknown }).name === 'ChunkLoadError';
}

interface LoadBoundaryProps {
  children: ReactNode;
  /** Called by "Try again", before the part renders again. */
  onRetry?: () => void;
  /** What shows instead of the part; by default `LoadFailed`. */
  fallback?: (retry: () => void) => ReactNode;
}

/**
 * The error boundary around every part of a page that is loaded on demand: a chunk that cannot
 * be fetched (offline, a new deployment) shows `LoadFailed` in its place, never a blank page, and
 * "Try again" (or the connection coming back) loads it again. Any other error is not about
 * loading: it goes on to the boundaries above, as if this one were not there.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isLoadFailure(error)) console.error('A part of the page could not be loaded', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isLoadFailure(error)) throw error;
    return this.props.fallback ? this.props.fallback(this.retry) : <LoadFailed onRetry={this.retry} />;
  }
}

type Load<P> = () => Promise<ComponentType<P>>;

/**
 * A component loaded on demand, whose load can be tried again (React.lazy keeps a failed load's
 * error for good) and started early (`preload`, for a part needed when the connection may be gone).
 */
function loadable<P>(load: Load<P>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetch = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        const failure = typeof error === 'object' && error !== null ? error : new Error(String(error));
        loadFailures.add(failure);
        throw failure;
      },
    ));
  const lazyOne = () => lazy(() => fetch().then((component) => ({ default: component })));
  let current = lazyOne();
  return {
    /** The component: itself once loaded, else one that suspends while it loads. */
    current: (): ComponentType<P> => loaded ?? current,
    /** After a failure: the next render loads it again. */
    retry: (): ComponentType<P> => {
      if (!loaded && !pending) current = lazyOne();
      return loaded ?? current;
    },
    preload: (): Promise<void> =>
      fetch().then(
        () => undefined,
        () => undefined,
      ),
  };
}

export type LazyPart<P> = ComponentType<P> & {
  /** Fetches the part's code now (ignoring a failure: rendering it tries again). */
  preload(): Promise<void>;
};

export interface LazyPartOptions<P> {
  /** Shown while the code arrives; nothing by default. */
  loading?: (props: P) => ReactNode;
  /** Shown if it cannot be loaded; `LoadFailed` by default. */
  failed?: (props: P, retry: () => void) => ReactNode;
  /** A small `LoadFailed` on one line, for a part inside a header or a line of text. */
  compact?: boolean;
}

/**
 * A part of a page loaded on demand (its own chunk), inside `Suspense` and a `LoadBoundary`: if
 * its code cannot be fetched the page keeps its frame and says so, with "Try again".
 */
export function lazyPart<P extends object>(load: Load<P>, options: LazyPartOptions<P> = {}): LazyPart<P> {
  const part = loadable(load);
  const { loading = () => null, failed, compact } = options;
  function LazyPartComponent(props: P) {
    const [Current, setCurrent] = useState(part.current);
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      setCurrent(() => part.retry());
      setAttempt((count) => count + 1);
    };
    return (
      <LoadBoundary
        key={attempt}
        fallback={(again) => (failed ? failed(props, again) : <LoadFailed onRetry={again} compact={compact} />)}
        onRetry={retry}
      >
        <Suspense fallback={loading(props)}>
          <Current {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return Object.assign(LazyPartComponent, { preload: part.preload });
}
