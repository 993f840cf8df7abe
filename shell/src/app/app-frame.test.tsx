import { useEffect, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { loadIdentity } from '../lib/identity/load-identity';
import { SessionProvider } from '../lib/identity/session-context';
import PortalProviders from '../features/portal/portal-providers';
import { identityOf, setupPortal, userWithRole } from '../testing/portal-harness';
import { AppFrame } from './app-frame';

jest.mock('../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('../features/portal/portal-providers', () => ({ __esModule: true, default: jest.fn() }));

const unmounted = jest.fn();

function withFakePortalProviders(portal: ReturnType<typeof setupPortal>) {
  jest.mocked(PortalProviders).mockImplementation(function FakePortalProviders({ children }: { children: ReactNode }) {
    useEffect(() => unmounted, []);
    return portal.portalProviders(children);
  });
  return portal;
}

function renderFrame(path: string) {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppFrame />
      </MemoryRouter>
    </SessionProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
});

test('a signed-out visitor on the landing page gets neither the portal providers nor the identity SDK', async () => {
  withFakePortalProviders(setupPortal());
  renderFrame('/');

  expect(await screen.findByRole('heading', { name: 'Apply to be a member!' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  expect(PortalProviders).not.toHaveBeenCalled();
  expect(loadIdentity).not.toHaveBeenCalled();
});

test('any other page loads the portal providers', async () => {
  withFakePortalProviders(setupPortal());
  renderFrame('/login');

  expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  expect(PortalProviders).toHaveBeenCalled();
});

test('the log-in page’s code and the identity SDK are fetched beside the portal providers, not after them', async () => {
  // Providers that never arrive: whatever loads meanwhile was asked for beside them.
  jest.mocked(PortalProviders).mockImplementation(() => <></>);
  jest.mocked(loadIdentity).mockReturnValue(new Promise(() => undefined));
  renderFrame('/login');

  await waitFor(() => expect(loadIdentity).toHaveBeenCalled());
  expect(PortalProviders).toHaveBeenCalled();
});

test('a signed-in user on the landing page gets the portal providers', async () => {
  withFakePortalProviders(setupPortal({ identity: identityOf(), user: userWithRole() }));
  renderFrame('/');

  expect(await screen.findByRole('button', { name: 'Enter Applicant Home' })).toBeInTheDocument();
  expect(PortalProviders).toHaveBeenCalled();
});

test('once loaded, the portal providers stay when the visitor returns to the landing page', async () => {
  withFakePortalProviders(setupPortal());
  renderFrame('/login');
  await screen.findByRole('button', { name: 'Log In' });

  await userEvent.click(screen.getByRole('link', { name: /Application Portal/ }));

  expect(await screen.findByRole('heading', { name: 'Apply to be a member!' })).toBeInTheDocument();
  expect(unmounted).not.toHaveBeenCalled();
});
