import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

type Load = () => Promise<Record<string, ComponentType<object>>>;

function lazyWith(fallback: (props: object) => ReactNode, load: Load, name: string): ComponentType<object> {
  const Component = lazy(() => load().then((module) => ({ default: module[name]! })));
  return function LazyComponent(props: object) {
    return (
      <Suspense fallback={fallback(props)}>
        <Component {...props} />
      </Suspense>
    );
  };
}

/**
 * A page loaded on demand (its own chunk), with the loading screen while it arrives: the module's
 * default export, or the export `name` of a module whose pages are named.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P>;
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K];
export function lazyPage(load: Load, name = 'default'): ComponentType<object> {
  return lazyWith(() => <LoadingScreen />, load, name);
}

/**
 * A dialog loaded on demand, with its antd components (a page downloads them only if the dialog
 * ever opens): the export `name` of its module. Render it only while it is open; nothing shows
 * while its code arrives, or `fallback` (given the same props), for a part a page shows only for
 * a moment, such as an upload's progress bar.
 */
export function lazyDialog<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback?: (props: M[K] extends ComponentType<infer P> ? P : never) => ReactNode,
): M[K];
export function lazyDialog(load: Load, name: string, fallback: (props: object) => ReactNode = () => null) {
  return lazyWith(fallback, load, name);
}
