import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { theme } from 'antd';

const SCREENS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
type Screen = (typeof SCREENS)[number];

/** Which of antd's breakpoints the window is at: `xs` under `sm`, each other one from its width up. */
export type Screens = Record<Screen, boolean>;

/**
 * The window's breakpoints, as antd's `Grid.useBreakpoint()` gives them (the same media queries,
 * from the theme's tokens), right from the first render. antd's hook answers `{}` at first and
 * renders its component again in a layout effect once it has subscribed, before anything is
 * painted: a page that asks for it (the dashboard, a table that stacks on a phone, the editor) drew
 * everything below it twice before showing anything (bench:staff-pages). This one reads the media
 * queries while rendering and renders again only when the window crosses a breakpoint.
 */
export function useScreens(): Screens {
  const { token } = theme.useToken();
  const { screenXSMax, screenSM, screenMD, screenLG, screenXL, screenXXL } = token;
  const queries = useMemo(
    () => [
      `(max-width: ${screenXSMax}px)`,
      `(min-width: ${screenSM}px)`,
      `(min-width: ${screenMD}px)`,
      `(min-width: ${screenLG}px)`,
      `(min-width: ${screenXL}px)`,
      `(min-width: ${screenXXL}px)`,
    ],
    [screenXSMax, screenSM, screenMD, screenLG, screenXL, screenXXL],
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = queries.map((query) => window.matchMedia(query));
      lists.forEach((list) => list.addEventListener('change', onChange));
      return () => lists.forEach((list) => list.removeEventListener('change', onChange));
    },
    [queries],
  );
  // A string, so the snapshot is the same value for as long as no breakpoint changes.
  const matched = useSyncExternalStore(
    subscribe,
    () => queries.map((query) => (window.matchMedia(query).matches ? '1' : '0')).join(''),
    () => '',
  );
  return useMemo(
    () => Object.fromEntries(SCREENS.map((screen, at) => [screen, matched[at] === '1'])) as Screens,
    [matched],
  );
}
