import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import VerifyPage from './verify-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function renderVerify(portal: ReturnType<typeof setupPortal>, path = '/verify') {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        {portal.providers(
          <Routes>
            <Route path="verify" element={<VerifyPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>,
        )}
      </MemoryRouter>
    </StrictMode>,
  );
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

afterEach(() => jest.useRealTimers());

test('the link from the email completes the verification exactly once', async () => {
  const portal = setupPortal();
  const { rerender } = renderVerify(portal, '/verify?mode=verifyEmail&oobCode=abc');

  expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  rerender(
    <StrictMode>
      <MemoryRouter initialEntries={['/verify?mode=verifyEmail&oobCode=abc']}>
        {portal.providers(
          <Routes>
            <Route path="verify" element={<VerifyPage />} />
          </Routes>,
        )}
      </MemoryRouter>
    </StrictMode>,
  );
  expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
  expect(portal.identity.completeEmailVerification).toHaveBeenCalledTimes(1);
  expect(portal.identity.completeEmailVerification).toHaveBeenCalledWith('abc');
});

test('a code without mode=verifyEmail is not applied', async () => {
  const portal = setupPortal();
  renderVerify(portal, '/verify?oobCode=abc');

  expect(await screen.findByText(/to verify your email address/)).toBeInTheDocument();
  expect(portal.identity.completeEmailVerification).not.toHaveBeenCalled();
});

test('a rejected code shows a readable message', async () => {
  const portal = setupPortal();
  portal.identity.completeEmailVerification.mockRejectedValue({ code: 'auth/invalid-action-code' });
  renderVerify(portal, '/verify?mode=verifyEmail&oobCode=used');

  expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has already been used.');
  expect(screen.queryByText('Your email is verified')).not.toBeInTheDocument();
});

test('a signed-in unverified user is told where the link went and can have it sent again', async () => {
  const portal = setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() });
  renderVerify(portal);

  const explanation = await screen.findByText(/We sent a verification link to/);
  expect(explanation).toHaveTextContent(`We sent a verification link to ${ADA_EMAIL}`);
  expect(screen.getByRole('link', { name: 'open the local mailbox' })).toHaveAttribute(
    'href',
    `/mailbox?email=${encodeURIComponent(ADA_EMAIL)}`,
  );

  await userEvent.click(screen.getByRole('button', { name: 'Resend the verification email' }));

  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      `A verification email has been sent to ${ADA_EMAIL}!`,
      expect.objectContaining({ type: 'success', autoClose: 2000 }),
    ),
  );
});

test('a failed resend shows the error toast and the button can be pressed again', async () => {
  const portal = setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() });
  portal.identity.sendVerificationEmail.mockRejectedValueOnce(new Error('quota'));
  renderVerify(portal);

  await userEvent.click(await screen.findByRole('button', { name: 'Resend the verification email' }));

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      'Failed to send verification email!',
      expect.objectContaining({ type: 'error' }),
    ),
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Resend the verification email' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Resend the verification email' }));
  expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(2);
});

test.each<[UserRole, string]>([
  ['applicant', '/apply'],
  ['reviewer', '/admin'],
  ['super-reviewer', '/admin'],
])('a verified %s is sent to %s', async (role, home) => {
  renderVerify(setupPortal({ identity: identityOf(), user: userWithRole(role) }));

  expect(await screen.findByText(`Now at ${home}`)).toBeInTheDocument();
});

test('the page moves on by itself once the email is verified elsewhere', async () => {
  jest.useFakeTimers();
  const portal = setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() });
  portal.identity.checkEmailVerified.mockImplementation(async () => {
    portal.emit(identityOf({ emailVerified: true }));
    return true;
  });
  renderVerify(portal);
  expect(await screen.findByText(/We sent a verification link to/)).toBeInTheDocument();
  expect(portal.identity.checkEmailVerified).not.toHaveBeenCalled();

  await act(() => jest.advanceTimersByTimeAsync(4000));

  expect(portal.identity.checkEmailVerified).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
});

describe('one verification email a minute', () => {
  test('after a resend the button waits out the minute, counting down, then sends again', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), advanceTimers: true });
    const portal = setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() });
    renderVerify(portal);
    const resend = await screen.findByRole('button', { name: 'Resend the verification email' });

    await userEvent.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(screen.getByText('You can send another in 60 s.')).toBeInTheDocument();
    await userEvent.click(resend);
    expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(1);

    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(screen.getByText('You can send another in 40 s.')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(41_000));
    expect(screen.queryByText(/You can send another in/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect(portal.identity.sendVerificationEmail).toHaveBeenCalledTimes(2);
  });

  test('an email sent at sign-in a moment ago counts: the page opens counting down', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), advanceTimers: true });
    localStorage.setItem(`portal:verification-sent:${ADA_EMAIL}`, String(Date.now() - 15_000));
    const portal = setupPortal({ identity: identityOf({ emailVerified: false }), user: userWithRole() });
    renderVerify(portal);

    expect(await screen.findByRole('button', { name: 'Resend the verification email' })).toBeDisabled();
    expect(screen.getByText('You can send another in 45 s.')).toBeInTheDocument();
  });
});
