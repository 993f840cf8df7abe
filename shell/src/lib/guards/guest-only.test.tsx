import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import { preloadSignedInArea } from '../../features/remotes/preload-signed-in';
import { GuestOnly } from './guest-only';

jest.mock('../identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('../../features/remotes/preload-signed-in', () => ({ preloadSignedInArea: jest.fn() }));

function renderLogin(portal: ReturnType<typeof setupPortal>, entry: string | { pathname: string; state: unknown }) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      {portal.providers(
        <Routes>
          <Route
            path="login"
            element={
              <GuestOnly>
                <p>Login form</p>
              </GuestOnly>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(preloadSignedInArea).mockClear();
});

test('a signed-out visitor sees the page', async () => {
  renderLogin(setupPortal(), '/login');

  expect(await screen.findByText('Login form')).toBeInTheDocument();
});

test.each<[UserRole, string]>([
  ['applicant', '/apply'],
  ['reviewer', '/admin'],
  ['super-reviewer', '/admin'],
])('a signed-in %s is sent home to %s', async (role, home) => {
  renderLogin(setupPortal({ identity: identityOf(), user: userWithRole(role) }), '/login');

  expect(await screen.findByText(`Now at ${home}`)).toBeInTheDocument();
  expect(screen.queryByText('Login form')).not.toBeInTheDocument();
});

test('a signed-in user is sent back to the path the login redirect remembered', async () => {
  renderLogin(setupPortal({ identity: identityOf(), user: userWithRole('reviewer') }), {
    pathname: '/login',
    state: { from: '/profile?tab=names' },
  });

  expect(await screen.findByText('Now at /profile?tab=names')).toBeInTheDocument();
});

test('the page waits for the user record before sending a signed-in user on', async () => {
  renderLogin(setupPortal({ identity: identityOf(), user: userWithRole() }), '/login');

  expect(screen.getByRole('status')).toHaveTextContent('Doing some important stuff, hold on...');
  expect(screen.queryByText('Login form')).not.toBeInTheDocument();
  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
});

test('a signed-in identity without a user record is sent to /apply, where it completes its profile', async () => {
  renderLogin(setupPortal({ identity: identityOf(), user: null }), '/login');

  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
  expect(screen.queryByText('Login form')).not.toBeInTheDocument();
});

test('a failed user lookup keeps the page', async () => {
  renderLogin(setupPortal({ identity: identityOf(), user: new Error('The server is down') }), '/login');

  expect(await screen.findByText('Login form')).toBeInTheDocument();
});

test('while the page is shown the signed-in area is fetched, and the remote of the user’s role once known', async () => {
  renderLogin(setupPortal(), '/login');
  await screen.findByText('Login form');
  expect(preloadSignedInArea).toHaveBeenLastCalledWith(undefined);

  jest.mocked(preloadSignedInArea).mockClear();
  renderLogin(setupPortal({ identity: identityOf(), user: userWithRole('super-reviewer') }), '/login');
  await screen.findByText('Now at /admin');
  expect(preloadSignedInArea).toHaveBeenLastCalledWith('/admin');
});

test('an applicant sent back to a staff link is never given the staff’s remote ahead of time', async () => {
  renderLogin(setupPortal({ identity: identityOf(), user: userWithRole('applicant') }), {
    pathname: '/login',
    state: { from: '/admin/dor/users' },
  });

  expect(await screen.findByText('Now at /admin/dor/users')).toBeInTheDocument();
  expect(preloadSignedInArea).not.toHaveBeenCalledWith(expect.stringMatching(/^\/admin/));
  expect(preloadSignedInArea).toHaveBeenLastCalledWith('/apply');
});
