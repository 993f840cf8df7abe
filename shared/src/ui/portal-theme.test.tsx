import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { PortalTheme } from './portal-theme';

function Probe() {
  const { token } = theme.useToken();
  return (
    <p>
      {token.colorPrimary} {token.motion ? 'motion' : 'still'}
    </p>
  );
}

function withReducedMotion(reduce: boolean) {
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => jest.restoreAllMocks());

test("every app's antd gets the portal's colours", () => {
  withReducedMotion(false);
  render(
    <PortalTheme>
      <Probe />
    </PortalTheme>,
  );

  expect(screen.getByText('#0958d9 motion')).toBeInTheDocument();
});

test('animations stop for a user who asks for reduced motion', () => {
  withReducedMotion(true);
  render(
    <PortalTheme>
      <Probe />
    </PortalTheme>,
  );

  expect(screen.getByText('#0958d9 still')).toBeInTheDocument();
});

/** A user who changes the setting while the app is open: the media query reports the change. */
function switchableMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return state.reduce && query === '(prefers-reduced-motion: reduce)';
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) =>
    act(() => {
      state.reduce = next;
      for (const listener of listeners) listener();
    });
}

function Typed() {
  const [value, setValue] = useState('');
  return <input aria-label="Answer" value={value} onChange={(event) => setValue(event.target.value)} />;
}

test.each([false, true])(
  'changing the motion setting (reduced at first: %s) keeps what is on screen: nothing below is remounted',
  (reducedAtFirst) => {
    const setReduced = switchableMotion(reducedAtFirst);
    render(
      <PortalTheme>
        <Probe />
        <Typed />
      </PortalTheme>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer' }), { target: { value: 'typed before' } });

    setReduced(!reducedAtFirst);
    expect(screen.getByText(`#0958d9 ${reducedAtFirst ? 'motion' : 'still'}`)).toBeInTheDocument();
    setReduced(reducedAtFirst);
    expect(screen.getByText(`#0958d9 ${reducedAtFirst ? 'still' : 'motion'}`)).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('typed before');
  },
);
