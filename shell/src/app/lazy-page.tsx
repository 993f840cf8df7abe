import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '../lib/loading-screen';

/** A page loaded on demand, with the loading screen while it arrives. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Page = lazy(load);
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
