import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './loading-screen';

/**
 * A page loaded on demand (its own chunk), with the loading screen while it arrives: the module's
 * default export, or the export `name` of a module whose pages are named.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P>;
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K];
export function lazyPage(
  load: () => Promise<Record<string, ComponentType<object>>>,
  name = 'default',
): ComponentType<object> {
  const Page = lazy(() => load().then((module) => ({ default: module[name]! })));
  return function LazyPage(props: object) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
