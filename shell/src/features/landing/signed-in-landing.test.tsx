import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import { LandingPage } from './landing-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function renderLanding(portal: ReturnType<typeof setupPortal>, path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      {portal.providers(
        <Routes>
          <Route index element={<LandingPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());

test.each<[UserRole, string, string]>([
  ['applicant', 'Applicant', '/apply'],
  ['reviewer', 'Reviewer', '/admin'],
  ['super-reviewer', 'Super Reviewer', '/admin'],
])('a signed-in %s is welcomed back and enters their home', async (role, label, home) => {
  renderLanding(setupPortal({ identity: identityOf(), user: userWithRole(role) }));

  expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();

  await userEvent.click(await screen.findByRole('button', { name: `Enter ${label} Home` }));

  expect(await screen.findByText(`Now at ${home}`)).toBeInTheDocument();
});

test('a signed-in user without a user record can still log out', async () => {
  renderLanding(setupPortal({ identity: identityOf(), user: null }));

  expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Enter .* Home$/ })).not.toBeInTheDocument();
});

test('logging out waits for the sign-out, then empties the query cache, then shows the signed-out landing page', async () => {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  let finishSignOut: () => void = () => undefined;
  portal.identity.signOut.mockImplementation(
    () =>
      new Promise<void>((resolve) => {
        finishSignOut = () => {
          portal.emit(null);
          resolve();
        };
      }),
  );
  renderLanding(portal);
  await screen.findByRole('button', { name: 'Enter Applicant Home' });
  expect(portal.queryClient.getQueryCache().getAll()).not.toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(portal.identity.signOut).toHaveBeenCalledTimes(1);
  expect(portal.queryClient.getQueryCache().getAll()).not.toHaveLength(0);
  // Until the sign-out is done (and kept), the page offers no Log In: a reload or a closed tab at
  // that moment would still find the session.
  expect(screen.getByRole('status')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Welcome back!' })).not.toBeInTheDocument();

  act(() => finishSignOut());

  expect(await screen.findByRole('heading', { name: 'Apply to be a member!' })).toBeInTheDocument();
  await waitFor(() => expect(portal.queryClient.getQueryCache().getAll()).toEqual([]));
  expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
});

test('a sign-out that fails says so, and the page is the signed-in one again: Log out can be pressed once more', async () => {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  portal.identity.signOut.mockRejectedValueOnce(new Error('storage unavailable'));
  renderLanding(portal);

  await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith('Failed to log out! Try again.', expect.objectContaining({ type: 'error' })),
  );
  expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  expect(portal.queryClient.getQueryCache().getAll()).not.toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
  expect(portal.identity.signOut).toHaveBeenCalledTimes(2);
});
