import type { ComponentType, ReactNode } from 'react';
import { lazyPart, type LazyPart } from './load-boundary';
import { LoadingScreen } from './loading-screen';

type Load = () => Promise<Record<string, ComponentType<object>>>;

const exportOf = (load: Load, name: string) => () => load().then((module) => module[name]!);

/**
 * A page loaded on demand (its own chunk), with the loading screen while it arrives: the module's
 * default export, or the export `name` of a module whose pages are named. If its code cannot be
 * fetched the layout stays and the page says so, with "Try again" (`LoadBoundary`).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P>;
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] & Pick<LazyPart<object>, 'preload'>;
export function lazyPage(load: Load, name = 'default'): LazyPart<object> {
  return lazyPart(exportOf(load, name), { loading: () => <LoadingScreen /> });
}

/**
 * A dialog loaded on demand, with its antd components (a page downloads them only if the dialog
 * ever opens): the export `name` of its module. Render it only while it is open; nothing shows
 * while its code arrives, or `fallback` (given the same props), for a part a page shows only for
 * a moment, such as an upload's progress bar. A dialog that must open without a connection (the
 * log-out and conflict dialogs) is fetched before it can be needed, with `preload`.
 */
export function lazyDialog<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback?: (props: M[K] extends ComponentType<infer P> ? P : never) => ReactNode,
): M[K] & Pick<LazyPart<object>, 'preload'>;
export function lazyDialog(load: Load, name: string, fallback: (props: object) => ReactNode = () => null) {
  return lazyPart(exportOf(load, name), { loading: fallback, compact: true });
}
