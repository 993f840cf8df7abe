import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import type { PrivacyNotice } from '@portal/shared/domain/ids/privacy-notice';
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

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

const NOTICE: PrivacyNotice = {
  version: '2026-09',
  text: 'We keep your application until the club deletes it.',
  url: null,
};
const ACCEPT = 'I have read the privacy notice and accept it';

/** The signed-in portal with the chapter's notice to read. */
function withNotice(portal: ReturnType<typeof setupPortal>, notice: PrivacyNotice = NOTICE) {
  portal.on('GET', '/privacy-notice', async () => notice);
  return portal;
}

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
  const portal = withNotice(setupPortal({ identity: identityOf(), user: null }));
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
  // The privacy notice is accepted as at sign-up.
  expect(await screen.findByText('Accept the privacy notice to continue')).toBeInTheDocument();
  expect(sent).toEqual([]);
  await userEvent.click(screen.getByRole('checkbox', { name: ACCEPT }));
  await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

  expect(await screen.findByText('Profile page')).toBeInTheDocument();
  expect(sent).toEqual([{ firstName: 'Ada', lastName: 'Lovelace', privacyNoticeVersion: NOTICE.version }]);
});

test('a refused profile completion says why and stays on the form', async () => {
  const portal = withNotice(setupPortal({ identity: identityOf(), user: null }));
  const body = { error: { code: 'conflict', message: 'An account with this email already exists' } };
  portal.on('POST', '/auth/complete', async () => {
    throw new ApiRequestError(409, 'conflict', body.error.message, body);
  });
  renderGuarded(portal);

  await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  const box = await screen.findByRole('checkbox', { name: ACCEPT });
  await waitFor(() => expect(box).toBeEnabled());
  await userEvent.click(box);
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

describe('the privacy notice in force', () => {
  const accepted = (version: string) => ({
    ...userWithRole(),
    privacyNotice: { version, acceptedAt: '2026-03-01T12:00:00.000Z' },
  });

  test('a user who accepted it sees the page, with no notice asked', async () => {
    const portal = setupPortal({ identity: identityOf(), user: accepted('2026-09'), privacyNoticeVersion: '2026-09' });
    renderGuarded(portal);
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(portal.requestsOtherThanSession()).toEqual([]);
  });

  test.each(['applicant', 'reviewer', 'super-reviewer'] as const)(
    'a %s who accepted another version reads the new one, accepts it, and goes on to the page',
    async (role) => {
      const user = { ...accepted('1'), role };
      const portal = withNotice(setupPortal({ identity: identityOf(), user, privacyNoticeVersion: '2026-09' }));
      const sent: unknown[] = [];
      portal.on('POST', '/auth/privacy-notice', async (options) => {
        sent.push(options?.body);
        const updated = { ...user, privacyNotice: { version: '2026-09', acceptedAt: '2026-09-01T08:00:00.000Z' } };
        portal.setUser(updated);
        return updated;
      });
      renderGuarded(portal);

      expect(await screen.findByRole('heading', { name: 'Our privacy notice has changed' })).toBeInTheDocument();
      expect(await screen.findByText(NOTICE.text)).toBeInTheDocument();
      expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
      expect(await screen.findByText('Accept the privacy notice to continue')).toBeInTheDocument();
      expect(sent).toEqual([]);

      await userEvent.click(screen.getByRole('checkbox', { name: ACCEPT }));
      await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));

      expect(await screen.findByText('Profile page')).toBeInTheDocument();
      expect(sent).toEqual([{ version: '2026-09' }]);
    },
  );

  test('a user with no acceptance recorded (seeded before the notice) is asked too', async () => {
    const portal = withNotice(setupPortal({ identity: identityOf(), user: userWithRole(), privacyNoticeVersion: '1' }));
    renderGuarded(portal);
    expect(await screen.findByRole('heading', { name: 'Our privacy notice' })).toBeInTheDocument();
    expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
  });

  test('a refused acceptance says why and keeps asking', async () => {
    const portal = withNotice(
      setupPortal({ identity: identityOf(), user: accepted('1'), privacyNoticeVersion: '2026-09' }),
    );
    const body = { error: { code: 'rate-limited', message: 'Too many requests; try again in 9 minutes' } };
    portal.on('POST', '/auth/privacy-notice', async () => {
      throw new ApiRequestError(429, 'rate-limited', body.error.message, body);
    });
    renderGuarded(portal);

    const box = await screen.findByRole('checkbox', { name: ACCEPT });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Failed to accept the privacy notice: Too many requests; try again in 9 minutes',
        expect.objectContaining({ type: 'error' }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Our privacy notice has changed' })).toBeInTheDocument();
    expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
  });
});
