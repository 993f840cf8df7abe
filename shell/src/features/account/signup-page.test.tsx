import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import type { PrivacyNotice } from '@portal/shared/domain/ids/privacy-notice';
import SignupPage from './signup-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

const CONFLICT_BODY = { error: { code: 'conflict', message: 'An account with this email already exists' } };

const NOTICE_TEXT = '**What we keep.** Your account and your applications.\n\n**How long.** 180 days.';
const NOTICE: PrivacyNotice = {
  version: '2026-09',
  text: NOTICE_TEXT,
  url: 'https://chapter.example.org/privacy',
  renderedMarkdown: {
    [NOTICE_TEXT]:
      '<p><strong>What we keep.</strong> Your account and your applications.</p>\n<p><strong>How long.</strong> 180 days.</p>',
  },
};
const NOTICE_REQUEST = ['GET', '/privacy-notice', { auth: false }];

/** What the page sent besides the session and the privacy notice it reads. */
const sent = (portal: ReturnType<typeof setupPortal>) =>
  portal.requestsOtherThanSession().filter(([method, path]) => `${method} ${path}` !== 'GET /privacy-notice');

function renderSignup(
  portal: ReturnType<typeof setupPortal>,
  notice: () => Promise<PrivacyNotice> = async () => NOTICE,
) {
  portal.on('GET', '/privacy-notice', notice);
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
  acceptNotice = true,
}: { password?: string; confirmPassword?: string; acceptNotice?: boolean } = {}) {
  await enter(await screen.findByLabelText('First name'), 'Ada');
  await enter(screen.getByLabelText('Last name'), 'Lovelace');
  await enter(screen.getByLabelText('Email'), ADA_EMAIL);
  await enter(screen.getByLabelText('Password'), password);
  await enter(screen.getByLabelText('Confirm password'), confirmPassword);
  if (acceptNotice) {
    const box = await screen.findByRole('checkbox', { name: 'I have read the privacy notice and accept it' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
  }
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
  expect(sent(portal)).toEqual([]);
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test('a confirmation that does not match is refused at its field and nothing is sent', async () => {
  const portal = setupPortal();
  renderSignup(portal);

  await fillIn({ password: 'secret123', confirmPassword: 'secret124' });

  expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
  expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match');
  expect(sent(portal)).toEqual([]);
});

test('a valid form registers without the id token, then signs in and sends the verification email', async () => {
  const portal = setupPortal({ user: userWithRole() });
  portal.on('POST', '/auth/register', async () => userWithRole());
  renderSignup(portal);

  await fillIn();

  expect(await screen.findByText('Now at /apply')).toBeInTheDocument();
  expect(portal.requestsOtherThanSession()).toEqual([
    NOTICE_REQUEST,
    [
      'POST',
      '/auth/register',
      {
        body: {
          email: ADA_EMAIL,
          password: 'secret123',
          firstName: 'Ada',
          lastName: 'Lovelace',
          privacyNoticeVersion: NOTICE.version,
        },
        auth: false,
      },
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

test("shows the chapter's privacy notice and its link, and sends nothing until it is accepted", async () => {
  const portal = setupPortal();
  portal.on('POST', '/auth/register', async () => userWithRole());
  renderSignup(portal);

  const notice = await screen.findByRole('region', { name: 'Privacy notice' });
  expect(notice).toHaveTextContent('What we keep. Your account and your applications.');
  expect([...notice.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual([
    'What we keep.',
    'How long.',
  ]);
  expect(screen.getByRole('link', { name: 'Read the full privacy notice' })).toHaveAttribute(
    'href',
    'https://chapter.example.org/privacy',
  );

  await fillIn({ acceptNotice: false });

  expect(await screen.findByText('Accept the privacy notice to continue')).toBeInTheDocument();
  expect(sent(portal)).toEqual([]);
  expect(portal.identity.signIn).not.toHaveBeenCalled();
});

test('a notice changed since the page read it is read again, and the box asks to be ticked again', async () => {
  const portal = setupPortal();
  const changed = {
    error: {
      code: 'invalid-request',
      reason: 'privacy-notice-changed',
      message: 'The privacy notice has changed since this page was opened: read it again and accept it',
    },
  };
  portal.on('POST', '/auth/register', async () => {
    throw new ApiRequestError(400, 'invalid-request', changed.error.message, changed);
  });
  let version = NOTICE.version;
  renderSignup(portal, async () => ({ ...NOTICE, version }));
  await screen.findByRole('region', { name: 'Privacy notice' });
  version = '2026-10';

  await fillIn();

  expect(
    await screen.findByText('The privacy notice has changed since this page was opened: read it again and accept it', {
      selector: '.ant-form-item-explain-error',
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'I have read the privacy notice and accept it' })).not.toBeChecked();
  await waitFor(() =>
    expect(portal.requestsOtherThanSession().filter(([, path]) => path === '/privacy-notice')).toHaveLength(2),
  );
  expect(portal.identity.signIn).not.toHaveBeenCalled();

  // Ticked again, it names the new version.
  portal.on('POST', '/auth/register', async () => userWithRole());
  await userEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy notice and accept it' }));
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  await waitFor(() => expect(portal.identity.signIn).toHaveBeenCalled());
  expect(sent(portal).at(-1)).toEqual([
    'POST',
    '/auth/register',
    { body: expect.objectContaining({ privacyNoticeVersion: '2026-10' }), auth: false },
  ]);
});
