import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, setupPortal } from '../../testing/portal-harness';
import ResetPasswordPage from './reset-password-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

function renderReset(portal: ReturnType<typeof setupPortal>, path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {portal.providers(
        <Routes>
          <Route path="resetpassword" element={<ResetPasswordPage />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

async function choosePassword(password: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
}

const LINK = '/resetpassword?mode=resetPassword&oobCode=reset-code';

beforeEach(() => localStorage.clear());

test('without the code from the email the page says it needs the link', async () => {
  const portal = setupPortal();
  renderReset(portal, '/resetpassword');
  await act(() => Promise.resolve());

  expect(screen.getByText('This page needs the link from the reset email.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  expect(portal.identity.checkPasswordResetCode).not.toHaveBeenCalled();
});

test('a valid code names the account and refuses a weak password', async () => {
  const portal = setupPortal();
  renderReset(portal, LINK);

  expect(await screen.findByText(ADA_EMAIL)).toBeInTheDocument();
  expect(screen.getByText(/^For/)).toHaveTextContent(`For ${ADA_EMAIL}`);
  expect(portal.identity.checkPasswordResetCode).toHaveBeenCalledWith('reset-code');

  await choosePassword('onlyletters');

  expect(await screen.findByText('Password must contain a digit')).toBeInTheDocument();
  expect(portal.identity.confirmPasswordReset).not.toHaveBeenCalled();
});

test('a good password is set with the code and the page confirms it', async () => {
  const portal = setupPortal();
  renderReset(portal, LINK);
  await screen.findByText(ADA_EMAIL);

  await choosePassword('n3w-password');

  expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
  expect(portal.identity.confirmPasswordReset).toHaveBeenCalledWith('reset-code', 'n3w-password');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('a refused new password keeps the form and shows why', async () => {
  const portal = setupPortal();
  portal.identity.confirmPasswordReset.mockRejectedValue({ code: 'auth/expired-action-code' });
  renderReset(portal, LINK);
  await screen.findByText(ADA_EMAIL);

  await choosePassword('n3w-password');

  expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Ask for a new one.');
  expect(screen.getByLabelText('New password')).toBeInTheDocument();
});

test('an invalid code shows a readable message and a link to ask for a new one', async () => {
  const portal = setupPortal();
  portal.identity.checkPasswordResetCode.mockRejectedValue({ code: 'auth/invalid-action-code' });
  renderReset(portal, LINK);

  expect(await screen.findByText('This link is invalid or has already been used.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
});
