import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import type { IdentitySnapshot } from '../../lib/identity/firebase-identity';
import { loadIdentity } from '../../lib/identity/load-identity';
import { SessionProvider } from '../../lib/identity/session-context';
import { LandingPage } from './landing-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

type IdentityModule = Awaited<ReturnType<typeof loadIdentity>>;

function renderLandingPage() {
  return render(
    <SessionProvider>
      <MemoryRouter>
        <Routes>
          <Route index element={<LandingPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(loadIdentity).mockReset();
});

test('a signed-out visitor sees the title, the subtitle and links to sign up and log in', async () => {
  renderLandingPage();

  expect(await screen.findByRole('heading', { level: 1, name: 'Application Portal' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Apply to be a member!' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  expect(loadIdentity).not.toHaveBeenCalled();
});

test('shows the loading screen while the session is being resolved, then the signed-out page', async () => {
  localStorage.setItem('portal:signed-in', '1');
  let listener: ((identity: IdentitySnapshot | null) => void) | undefined;
  jest.mocked(loadIdentity).mockResolvedValue({
    subscribeToIdentity: (next: (identity: IdentitySnapshot | null) => void) => {
      listener = next;
      return () => undefined;
    },
  } as unknown as IdentityModule);

  renderLandingPage();

  expect(screen.getByRole('status')).toHaveTextContent('Doing some important stuff, hold on...');
  expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();

  await waitFor(() => expect(listener).toBeDefined());
  act(() => listener?.(null));

  expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  expect(screen.queryByText('Doing some important stuff, hold on...')).not.toBeInTheDocument();
});
