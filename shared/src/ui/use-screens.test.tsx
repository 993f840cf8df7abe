import { act, render, screen } from '@testing-library/react';
import { Grid } from 'antd';
import { useScreens, type Screens } from './use-screens';

/** A window `width` px wide whose media queries answer from that width, and tell when it changes. */
function windowOfWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const [, bound, px] = /\((max|min)-width: (\d+)px\)/.exec(query)!;
    return bound === 'max' ? width <= Number(px) : width >= Number(px);
  };
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        media: query,
        get matches() {
          return matches(query);
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    resize(to: number) {
      width = to;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

afterEach(() => jest.restoreAllMocks());

const shown = (screens: Partial<Screens>) =>
  Object.entries(screens)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(' ');

function renders(useHook: () => Partial<Screens>) {
  const seen: string[] = [];
  function Probe() {
    const screens = useHook();
    seen.push(shown(screens));
    return <output aria-label="Screens">{shown(screens)}</output>;
  }
  const view = render(<Probe />);
  return { seen, ...view };
}

test.each([
  [390, 'xs'],
  [800, 'sm md'],
  [1366, 'sm md lg xl'],
  [1920, 'sm md lg xl xxl'],
])("at %i px the first render already has antd's breakpoints: %s", (width, expected) => {
  windowOfWidth(width);
  const { seen } = renders(useScreens);
  expect(seen).toEqual([expected]);
});

test("antd's own hook knows no breakpoint in its first render, and renders again before anything is painted", () => {
  windowOfWidth(1366);
  const { seen } = renders(() => Grid.useBreakpoint());
  expect(seen[0]).toBe('');
  expect(seen.at(-1)).toBe('sm md lg xl');
});

test('crossing a breakpoint renders again with the new ones; a resize within one does not', () => {
  const window = windowOfWidth(1366);
  const { seen } = renders(useScreens);

  window.resize(1300);
  expect(seen).toHaveLength(1);
  window.resize(390);
  expect(screen.getByRole('status', { name: 'Screens' })).toHaveTextContent(/^xs$/);
  expect(seen).toEqual(['sm md lg xl', 'xs']);
});

test('it stops listening when its component goes', () => {
  const window = windowOfWidth(1366);
  const { unmount } = renders(useScreens);
  expect(window.listeners.size).toBeGreaterThan(0);
  unmount();
  expect(window.listeners.size).toBe(0);
});
