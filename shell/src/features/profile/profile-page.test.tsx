import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError, type RequestOptions } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, identityOf, setupPortal, userWithRole } from '../../testing/portal-harness';
import ProfilePage from './profile-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function signedInPortal() {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  portal.on('POST', '/auth/update', async (options?: RequestOptions) => ({
    ...userWithRole(),
    ...(options?.body as object),
  }));
  return portal;
}

function renderProfile(portal: ReturnType<typeof setupPortal>) {
  render(
    <MemoryRouter initialEntries={['/profile']}>
      {portal.providers(
        <Routes>
          <Route path="profile" element={<ProfilePage />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

async function replace(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

test("the form is filled in with the user's names and email", async () => {
  renderProfile(signedInPortal());

  expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
  expect(screen.getByLabelText('Email')).toHaveValue(ADA_EMAIL);
});

test('saving sends exactly the email and names and confirms with a toast', async () => {
  const portal = signedInPortal();
  renderProfile(portal);
  await screen.findByLabelText('First name');

  await replace('First name', 'Augusta');
  await save();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'Your profile has been updated.',
      expect.objectContaining({ type: 'success', theme: 'colored' }),
    ),
  );
  expect(portal.requestsOtherThanSession()).toEqual([
    ['POST', '/auth/update', { body: { email: ADA_EMAIL, firstName: 'Augusta', lastName: 'Lovelace' } }],
  ]);
  expect(portal.identity.sendVerificationEmail).not.toHaveBeenCalled();
});

test('saving reloads the user record', async () => {
  const portal = signedInPortal();
  renderProfile(portal);
  await screen.findByLabelText('First name');
  const sessionLookups = () => portal.api.request.mock.calls.filter(([, path]) => path === '/session').length;
  const before = sessionLookups();

  await save();

  await waitFor(() => expect(sessionLookups()).toBe(before + 1));
});

test('a new email address refreshes the session and sends a verification email to it', async () => {
  const portal = signedInPortal();
  renderProfile(portal);
  await screen.findByLabelText('First name');

  await replace('Email', 'augusta@example.org');
  await save();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'A verification email has been sent to augusta@example.org!',
      expect.objectContaining({ type: 'success', autoClose: 2000 }),
    ),
  );
  expect(portal.identity.refreshIdentity).toHaveBeenCalledTimes(1);
  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
});

test('a refused update shows the message, never the raw response', async () => {
  const portal = signedInPortal();
  const body = { error: { code: 'conflict', message: 'An account with this email already exists' } };
  portal.on('POST', '/auth/update', async () => {
    throw new ApiRequestError(409, 'conflict', body.error.message, body);
  });
  renderProfile(portal);
  await screen.findByLabelText('First name');

  await save();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'Failed to update user: An account with this email already exists',
      expect.objectContaining({ type: 'error', hideProgressBar: true, closeButton: true }),
    ),
  );
  expect(toast).toHaveBeenCalledTimes(1);
});

test('an invalid field is refused before anything is sent', async () => {
  const portal = signedInPortal();
  renderProfile(portal);
  await screen.findByLabelText('First name');

  await userEvent.clear(screen.getByLabelText('Last name'));
  await save();

  expect(await screen.findByText('Last name is required')).toBeInTheDocument();
  expect(portal.requestsOtherThanSession()).toEqual([]);
});

test('without an id token the update is refused and nothing is sent', async () => {
  const portal = signedInPortal();
  portal.identity.getIdToken.mockResolvedValue(null);
  renderProfile(portal);
  await screen.findByLabelText('First name');

  await save();

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'User must be authenticated to update profile',
      expect.objectContaining({ type: 'error' }),
    ),
  );
  expect(portal.requestsOtherThanSession()).toEqual([]);
});
