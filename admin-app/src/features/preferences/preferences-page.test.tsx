import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, notify } from '@portal/shared/client';
import type { TeamRole, UserRole } from '@portal/shared/domain/ids/constants';
import AdminRoutes from '../../app/routes';
import { answer, apiError, fail, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn, sessionAnswer } from '@portal/jest-support/render-signed-in';

jest.setTimeout(30_000);

const FORM = { id: 'spring-2025', semester: 'Spring 2025', sections: [], reviewRubrics: [], interviewRubrics: [] };
const CHOSEN: TeamRole[] = ['bootcamp', 'engineer', 'designer'];

function renderAt(path: string, role: UserRole = 'reviewer', routes: Routes = {}) {
  return renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path,
    role,
    user: { applicantRolePreferences: CHOSEN },
    routes: { 'GET /forms/active': answer(FORM), ...routes },
  });
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const save = () => screen.getByRole('button', { name: 'Save preferences' });

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  failure = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => jest.restoreAllMocks());

test('a reviewer finds the settings from the admin home and from the reviewer dashboard', async () => {
  renderAt('/admin');
  expect(await screen.findByRole('link', { name: /^Review preferences/ })).toHaveAttribute('href', '/admin/settings');

  renderAt('/admin/reviewer/dashboard/spring-2025/apps', 'reviewer', {
    'GET /admin/forms/spring-2025/assessments?kind=review': answer({ items: [], nextCursor: null, total: 0 }),
  });
  expect(await screen.findByRole('link', { name: 'Review preferences' })).toHaveAttribute('href', '/admin/settings');
});

test('the settings show the chosen roles; saving a change stores it and says so', async () => {
  let stored = CHOSEN;
  const put = jest.fn((body: unknown) => {
    stored = (body as { roles: TeamRole[] }).roles;
    return sessionAnswer('reviewer', { applicantRolePreferences: stored }).user;
  });
  const { request } = renderAt('/admin/settings', 'reviewer', {
    'GET /session': () => sessionAnswer('reviewer', { applicantRolePreferences: stored }),
    'PUT /users/nova-uid/preferences': put,
  });

  expect(await screen.findByRole('heading', { name: 'Review preferences' })).toBeInTheDocument();
  expect(box('Bootcamp')).toBeChecked();
  expect(box('Bootcamp')).toBeDisabled();
  expect(box('Engineer')).toBeChecked();
  expect(box('Designer')).toBeChecked();
  expect(box('Product Manager')).not.toBeChecked();
  // Nothing changed yet; and fewer than 3 roles cannot be saved.
  expect(save()).toBeDisabled();
  await userEvent.click(box('Designer'));
  expect(save()).toBeDisabled();
  await userEvent.click(box('Product Manager'));
  expect(save()).toBeEnabled();
  await userEvent.click(save());

  await waitFor(() =>
    expect(request).toHaveBeenCalledWith('PUT', '/users/nova-uid/preferences', {
      body: { roles: ['bootcamp', 'engineer', 'product'] },
    }),
  );
  await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully updated role preferences!'));
  await waitFor(() => expect(save()).toBeDisabled());
  expect(box('Product Manager')).toBeChecked();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a refused save says so and keeps the choice', async () => {
  renderAt('/admin/settings', 'reviewer', {
    'PUT /users/nova-uid/preferences': fail(apiError(403, 'forbidden', 'User is not a reviewer!')),
  });
  await screen.findByRole('heading', { name: 'Review preferences' });

  await userEvent.click(box('Tech Lead'));
  await userEvent.click(save());

  await waitFor(() => expect(failure).toHaveBeenCalledWith('Failed to set review preferences!'));
  expect(box('Tech Lead')).toBeChecked();
  expect(success).not.toHaveBeenCalled();
});

test('the settings are for reviewers: a super-reviewer is sent away', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  renderAt('/admin/settings', 'super-reviewer');

  await waitFor(() =>
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No routes matched location "/login"')),
  );
  expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();
});

describe('conflicts of interest on the settings page', () => {
  const declared = {
    // As a reviewer reads it back: no user id, nothing of what it set aside.
    id: '5d0c2b1e-8f3a-4c6d-9e7b-1a2b3c4d5e6f',
    staffId: 'nova-uid',
    staffName: 'Nova Reyes',
    email: 'friend@example.com',
    label: 'friend@example.com',
    reason: 'A friend',
    declaredAt: '2026-03-01T12:00:00.000Z',
  };

  test('an empty list says so; an email is declared, then withdrawn', async () => {
    const post = jest.fn((_body: unknown) => declared);
    const remove = jest.fn(() => null);
    let items: unknown[] = [];
    renderAt('/admin/settings', 'reviewer', {
      'GET /admin/conflicts': () => ({ items }),
      'POST /admin/conflicts': (body) => {
        items = [declared];
        return post(body);
      },
      [`DELETE /admin/conflicts/${declared.id}`]: () => {
        items = [];
        return remove();
      },
    });
    expect(await screen.findByText('No conflicts of interest declared.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Applicant's email"), 'friend@example.com');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'A friend');
    await userEvent.click(screen.getByRole('button', { name: 'Declare conflict' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith({ email: 'friend@example.com', reason: 'A friend' }));
    const withdraw = await screen.findByRole('button', { name: 'Withdraw the conflict with friend@example.com' });
    expect(screen.getByText(/A friend/)).toBeInTheDocument();
    await userEvent.click(withdraw);
    await waitFor(() => expect(remove).toHaveBeenCalled());
    expect(await screen.findByText('No conflicts of interest declared.')).toBeInTheDocument();
  });

  test("the server's refusal of the email shows at the field", async () => {
    renderAt('/admin/settings', 'reviewer', {
      'GET /admin/conflicts': answer({ items: [] }),
      'POST /admin/conflicts': fail(
        new ApiRequestError(400, 'invalid-request', 'Invalid conflict of interest', {
          error: {
            code: 'invalid-request',
            message: 'Invalid conflict of interest',
            details: [{ path: 'email', message: 'Enter the applicant’s email address' }],
          },
        }),
      ),
    });
    await userEvent.type(await screen.findByLabelText("Applicant's email"), 'x@y.zz');
    await userEvent.click(screen.getByRole('button', { name: 'Declare conflict' }));
    expect(await screen.findByText('Enter the applicant’s email address')).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalled();
  });
});

test('the daily digest switch: on unless turned off, saved on the user record, said in a toast', async () => {
  let enabled: boolean | undefined;
  const put = jest.fn((body: unknown) => {
    enabled = (body as { enabled: boolean }).enabled;
    return { enabled };
  });
  renderAt('/admin/settings', 'reviewer', {
    'GET /session': () =>
      sessionAnswer('reviewer', {
        applicantRolePreferences: CHOSEN,
        ...(enabled === undefined ? {} : { reviewerDigest: enabled }),
      }),
    'PUT /users/nova-uid/reviewer-digest': put,
  });
  const digest = await screen.findByRole('switch', { name: 'Daily digest email' });
  expect(digest).toBeChecked();
  await userEvent.click(digest);
  await waitFor(() => expect(put).toHaveBeenCalledWith({ enabled: false }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('The daily digest is off.'));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Daily digest email' })).not.toBeChecked());
  await userEvent.click(screen.getByRole('switch', { name: 'Daily digest email' }));
  await waitFor(() => expect(put).toHaveBeenLastCalledWith({ enabled: true }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Daily digest email' })).toBeChecked());
  expect(failure).not.toHaveBeenCalled();
});
