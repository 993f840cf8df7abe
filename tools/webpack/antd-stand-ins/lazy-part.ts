import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A stand-in for a part of antd that the portal's pages leave out (antd-components.ts,
 * ANTD_STAND_INS): the real part, loaded the first time a page renders it. Until it has loaded,
 * what it wraps shows as it is (a label's icon, a circle), or nothing. If its code cannot be fetched
 * (offline), it stays that way instead of blanking the page, and the next time a page renders it
 * the load is tried again (React.lazy alone keeps a failed load's error for good).
 */
export function lazyPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const failures = new WeakSet<object>();
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        const failure = typeof error === 'object' && error !== null ? error : new Error(String(error));
        failures.add(failure);
        throw failure;
      }
    });
  let Part = attempt();

  /** Catches a failed load only: an error of the part itself reaches the page's own boundary. */
  class LoadFailed extends Component<{ fallback: ReactNode; children?: ReactNode }, { error: unknown }> {
    override state: { error: unknown } = { error: null };

    static getDerivedStateFromError(error: unknown) {
      return { error };
    }

    override componentDidCatch(error: unknown) {
      if (typeof error === 'object' && error !== null && failures.has(error)) {
        console.error(`${name} could not be loaded; the page shows it without it`, error);
        Part = attempt();
      }
    }

    override render() {
      const { error } = this.state;
      if (error === null) return this.props.children;
      if (typeof error !== 'object' || !failures.has(error)) throw error;
      return this.props.fallback;
    }
  }

  function StandIn(props: Props) {
    const { children } = props as { children?: ReactNode };
    const fallback = children ?? null;
    return createElement(LoadFailed, { fallback }, createElement(Suspense, { fallback }, createElement(Part, props)));
  }
  StandIn.displayName = `Lazy${name}`;
  return StandIn;
}
