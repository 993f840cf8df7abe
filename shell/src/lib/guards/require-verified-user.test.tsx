import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import { useSession } from '../identity/session-context';
import RequireVerifiedUser from './require-verified-user';

jest.mock('../identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function renderGuarded(portal: ReturnType<typeof setupPortal>, path = '/profile?tab=names') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {portal.providers(
        <Routes>
          <Route element={<RequireVerifiedUser />}>
            <Route path="profile" element={<p>Profile page</p>} />
          </Route>
          <Route path="login" element={<LocationProbe />} />
          <Route path="verify" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());

test('a signed-out visitor is sent to /login, remembering the requested path and query', async () => {
  renderGuarded(setupPortal());

  expect(await screen.findByText('Now at /login (from /profile?tab=names)')).toBeInTheDocument();
  expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
});

test('a signed-in user with an unverified email is sent to /verify', async () => {
  renderGuarded(setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() }));

  expect(await screen.findByText('Now at /verify')).toBeInTheDocument();
  expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
});

test('a verified user sees the loading screen, then the page once their user record has loaded', async () => {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  renderGuarded(portal);

  expect(screen.getByRole('status')).toHaveTextContent('Doing some important stuff, hold on...');
  expect(await screen.findByText('Profile page')).toBeInTheDocument();
  expect(portal.api.request).toHaveBeenCalledWith('GET', '/session');
});

test('a verified sign-in without a user record completes its profile, then sees the page', async () => {
  const portal = setupPortal({ identity: identityOf(), user: null });
  const sent: unknown[] = [];
  portal.on('POST', '/auth/complete', async (options) => {
    sent.push(options?.body);
    portal.setUser(userWithRole());
    return userWithRole();
  });
  renderGuarded(portal);

  expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
  expect(screen.getByText(/You are signed in as ada@example\.org/)).toBeInTheDocument();
  expect(screen.queryByText('Profile page')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  expect(sent).toEqual([]);

  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

  expect(await screen.findByText('Profile page')).toBeInTheDocument();
  expect(sent).toEqual([{ firstName: 'Ada', lastName: 'Lovelace' }]);
});

test('a refused profile completion says why and stays on the form', async () => {
  const portal = setupPortal({ identity: identityOf(), user: null });
  const body = { error: { code: 'conflict', message: 'An account with this email already exists' } };
  portal.on('POST', '/auth/complete', async () => {
    throw new ApiRequestError(409, 'conflict', body.error.message, body);
  });
  renderGuarded(portal);

  await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      // The message only, never the raw answer (docs/product.md#error-catalogue).
      'Failed to update user: An account with this email already exists',
      expect.objectContaining({ type: 'error' }),
    ),
  );
  expect(screen.getByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
  expect(screen.getByLabelText('First name')).toHaveValue('Ada');
});

test('a failing user lookup shows its message with "Try again"', async () => {
  renderGuarded(setupPortal({ identity: identityOf(), user: new Error('The server is down') }));

  expect(await screen.findByText('Your account could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The server is down')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('a user who logs out is sent home, not to /login, even before the move home has happened', async () => {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  function LogOutInPlace() {
    const { beginSignOut } = useSession();
    return (
      <button
        onClick={() => {
          beginSignOut();
          void portal.identity.signOut();
        }}
      >
        Log out
      </button>
    );
  }
  render(
    <MemoryRouter initialEntries={['/profile']}>
      {portal.providers(
        <Routes>
          <Route element={<RequireVerifiedUser />}>
            <Route path="profile" element={<LogOutInPlace />} />
          </Route>
          <Route path="/" element={<LocationProbe />} />
          <Route path="login" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );

  await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

  expect(await screen.findByText('Now at /')).toBeInTheDocument();
});
