import { render, screen } from '@testing-library/react';
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
