import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import LoginPage from './login-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function renderLogin(portal: ReturnType<typeof setupPortal>) {
  render(
    <MemoryRouter initialEntries={['/login']}>
      {portal.providers(
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

async function logIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

test('an invalid email shows the shared schema message and does not sign in', async () => {
  const portal = setupPortal();
  renderLogin(portal);

  await logIn('not-an-email', 'secret123');

  expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test('an empty password is refused before signing in', async () => {
  const portal = setupPortal();
  renderLogin(portal);

  await userEvent.type(await screen.findByLabelText('Email'), ADA_EMAIL);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test('a wrong password shows a readable message', async () => {
  const portal = setupPortal();
  portal.identity.signIn.mockRejectedValue({ code: 'auth/invalid-credential' });
  renderLogin(portal);

  await logIn(` ${ADA_EMAIL} `, 'wrong-password1');

  expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  expect(portal.identity.signIn).toHaveBeenCalledWith(ADA_EMAIL, 'wrong-password1');
  expect(portal.identity.sendVerificationEmail).not.toHaveBeenCalled();
});

test('a verified sign-in sends no verification email and goes home by role', async () => {
  const portal = setupPortal({ user: userWithRole('reviewer') });
  renderLogin(portal);

  await logIn(ADA_EMAIL, 'secret123');

  expect(await screen.findByText('Now at /admin')).toBeInTheDocument();
  expect(portal.identity.sendVerificationEmail).not.toHaveBeenCalled();
  expect(toast).not.toHaveBeenCalled();
});

test('an unverified sign-in sends the verification email and says so for 2 seconds', async () => {
  const portal = setupPortal({ user: userWithRole() });
  portal.identity.signIn.mockImplementation(async () => {
    const unverified = identityOf({ emailVerified: false });
    portal.emit(unverified);
    return unverified;
  });
  renderLogin(portal);

  await logIn(ADA_EMAIL, 'secret123');

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      `A verification email has been sent to ${ADA_EMAIL}!`,
      expect.objectContaining({ type: 'success', autoClose: 2000 }),
    ),
  );
  expect(toast).toHaveBeenCalledTimes(1);
  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
});

test('signing in unverified again within the minute sends no second verification email', async () => {
  const portal = setupPortal({ user: userWithRole() });
  portal.identity.signIn.mockResolvedValue(identityOf({ emailVerified: false }));
  renderLogin(portal);
  await logIn(ADA_EMAIL, 'secret123');
  await waitFor(() => expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1));

  // Signed in again a moment later (another tab, a reload of /login): the first email is still fresh.
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.clear(screen.getByLabelText('Password'));
  await logIn(ADA_EMAIL, 'secret123');
  await waitFor(() => expect(portal.identity.signIn).toHaveBeenCalledTimes(2));
  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
});

test('a failing verification email shows the error toast', async () => {
  const portal = setupPortal();
  portal.identity.signIn.mockResolvedValue(identityOf({ emailVerified: false }));
  portal.identity.sendVerificationEmail.mockRejectedValue({ code: 'auth/too-many-requests' });
  renderLogin(portal);

  await logIn(ADA_EMAIL, 'secret123');

  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a moment and try again.');
  expect(toast).toHaveBeenCalledTimes(1);
  expect(toast).toHaveBeenCalledWith(
    'Failed to send verification email!',
    expect.objectContaining({ type: 'error', hideProgressBar: true, closeButton: true }),
  );
});
