import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, setupPortal } from '../../testing/portal-harness';
import ForgotPasswordPage from './forgot-password-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

function renderForgot(portal: ReturnType<typeof setupPortal>) {
  render(
    <MemoryRouter initialEntries={['/forgotpassword']}>
      {portal.providers(
        <Routes>
          <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

async function askForReset(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
}

const SENT = `If an account exists for ${ADA_EMAIL}, a reset link is on its way.`;

beforeEach(() => localStorage.clear());

test('sends the reset link to the lowercased address and says it is on its way', async () => {
  const portal = setupPortal();
  renderForgot(portal);

  await askForReset('Ada@Example.ORG');

  expect(await screen.findByText(SENT)).toBeInTheDocument();
  expect(portal.identity.sendPasswordReset).toHaveBeenCalledWith(ADA_EMAIL);
});

test('surrounding spaces are trimmed from the address', async () => {
  const portal = setupPortal();
  renderForgot(portal);
  // jsdom, like a browser, strips the spaces of an email input; a text input lets them reach the page's own trim.
  screen.getByLabelText('Email').setAttribute('type', 'text');

  await askForReset('  Ada@Example.org  ');

  expect(await screen.findByText(SENT)).toBeInTheDocument();
  expect(portal.identity.sendPasswordReset).toHaveBeenCalledWith(ADA_EMAIL);
});

test('an unknown address gets the same answer, so the page reveals no accounts', async () => {
  const portal = setupPortal();
  portal.identity.sendPasswordReset.mockRejectedValue({ code: 'auth/user-not-found' });
  renderForgot(portal);

  await askForReset(ADA_EMAIL);

  expect(await screen.findByText(SENT)).toBeInTheDocument();
  expect(screen.queryByText('Incorrect email or password.')).not.toBeInTheDocument();
});

test('another failure is shown and the form stays', async () => {
  const portal = setupPortal();
  portal.identity.sendPasswordReset.mockRejectedValue({ code: 'auth/too-many-requests' });
  renderForgot(portal);

  await askForReset(ADA_EMAIL);

  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a moment and try again.');
  expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send the reset link' })).toBeInTheDocument();
});

test('an invalid address is refused before anything is sent', async () => {
  const portal = setupPortal();
  renderForgot(portal);

  await askForReset('ada@');

  expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  expect(portal.identity.sendPasswordReset).not.toHaveBeenCalled();
});

test('locally the page links to the mailbox, for the address once the link is sent', async () => {
  renderForgot(setupPortal());

  expect(screen.getByRole('link', { name: 'open the local mailbox' })).toHaveAttribute('href', '/mailbox');

  await askForReset(ADA_EMAIL);

  await screen.findByText(SENT);
  expect(screen.getByRole('link', { name: 'open the local mailbox' })).toHaveAttribute(
    'href',
    '/mailbox?email=ada%40example.org',
  );
});
