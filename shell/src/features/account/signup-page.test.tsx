import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import SignupPage from './signup-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

const CONFLICT_BODY = { error: { code: 'conflict', message: 'An account with this email already exists' } };

function renderSignup(portal: ReturnType<typeof setupPortal>) {
  render(
    <MemoryRouter initialEntries={['/signup']}>
      {portal.providers(
        <Routes>
          <Route path="signup" element={<SignupPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

/** Clicks into the field and pastes its value: these tests are about what is sent, not about keystrokes. */
async function enter(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

async function fillIn({
  password = 'secret123',
  confirmPassword = password,
}: { password?: string; confirmPassword?: string } = {}) {
  await enter(await screen.findByLabelText('First name'), 'Ada');
  await enter(screen.getByLabelText('Last name'), 'Lovelace');
  await enter(screen.getByLabelText('Email'), ADA_EMAIL);
  await enter(screen.getByLabelText('Password'), password);
  await enter(screen.getByLabelText('Confirm password'), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

test('a short password is refused at its field and nothing is sent', async () => {
  const portal = setupPortal();
  renderSignup(portal);

  await fillIn({ password: 'abc1' });

  expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
  expect(portal.requestsOtherThanSession()).toEqual([]);
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test('a confirmation that does not match is refused at its field and nothing is sent', async () => {
  const portal = setupPortal();
  renderSignup(portal);

  await fillIn({ password: 'secret123', confirmPassword: 'secret124' });

  expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
  expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match');
  expect(portal.requestsOtherThanSession()).toEqual([]);
});

test('a valid form registers without the id token, then signs in and sends the verification email', async () => {
  const portal = setupPortal({ user: userWithRole() });
  portal.on('POST', '/auth/register', async () => userWithRole());
  renderSignup(portal);

  await fillIn();

  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
  expect(portal.requestsOtherThanSession()).toEqual([
    [
      'POST',
      '/auth/register',
      { body: { email: ADA_EMAIL, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, auth: false },
    ],
  ]);
  expect(portal.identity.signIn).toHaveBeenCalledWith(ADA_EMAIL, 'secret123');
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      `A verification email has been sent to ${ADA_EMAIL}!`,
      expect.objectContaining({ type: 'success', autoClose: 2000 }),
    ),
  );
  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
});

test('a refused registration shows the message (never the raw response), and does not sign in', async () => {
  const portal = setupPortal();
  portal.on('POST', '/auth/register', async () => {
    throw new ApiRequestError(409, 'conflict', CONFLICT_BODY.error.message, CONFLICT_BODY);
  });
  renderSignup(portal);

  await fillIn();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'Failed to register: An account with this email already exists',
      expect.objectContaining({ type: 'error', hideProgressBar: true, closeButton: true }),
    ),
  );
  expect(toast).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test("the server's field details are shown at their fields", async () => {
  const portal = setupPortal();
  const body = { error: { ...CONFLICT_BODY.error, details: [{ path: 'email', message: 'This address is taken' }] } };
  portal.on('POST', '/auth/register', async () => {
    throw new ApiRequestError(409, 'conflict', body.error.message, body);
  });
  renderSignup(portal);

  await fillIn();

  expect(await screen.findByText('This address is taken')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address is taken');
  expect(toast).toHaveBeenCalledWith(
    'Failed to register: An account with this email already exists (email: This address is taken)',
    expect.objectContaining({ type: 'error' }),
  );
});

test('a failed sign-in after registering says the account exists', async () => {
  const portal = setupPortal();
  portal.on('POST', '/auth/register', async () => userWithRole());
  portal.identity.signIn.mockRejectedValue({ code: 'auth/network-request-failed' });
  renderSignup(portal);

  await fillIn();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'Your account was created, but signing in failed: Could not reach the sign-in service. Check your connection.',
      expect.objectContaining({ type: 'error' }),
    ),
  );
  expect(portal.identity.sendVerificationEmail).not.toHaveBeenCalled();
});
