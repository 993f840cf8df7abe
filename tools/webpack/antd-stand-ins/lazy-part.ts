import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A stand-in for a part of antd that the portal's pages leave out (antd-components.ts,
 * ANTD_STAND_INS): the real part, loaded the first time a page renders it. Until it has loaded,
 * what it wraps shows as it is (a label's icon, a circle), or nothing.
 */
export function lazyPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await load() }));
  function StandIn(props: Props) {
    const { children } = props as { children?: ReactNode };
    return createElement(Suspense, { fallback: children ?? null }, createElement(Part, props));
  }
  StandIn.displayName = `Lazy${name}`;
  return StandIn;
}
