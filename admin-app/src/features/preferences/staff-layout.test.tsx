import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import type { TeamRole, UserRole } from '@portal/shared/domain/ids/constants';
import AdminRoutes from '../../app/routes';
import { CHOOSE_AGAIN_TEXT } from './staff-layout';
import { answer, apiError, apiRefusal, fail, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn, sessionAnswer } from '@portal/jest-support/render-signed-in';

jest.setTimeout(30_000);

const FORM = { id: 'spring-2025', semester: 'Spring 2025', sections: [], reviewRubrics: [], interviewRubrics: [] };

function renderLayout(role: UserRole, preferences: TeamRole[] | undefined, routes: Routes = {}) {
  return renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin',
    role,
    user: { applicantRolePreferences: preferences },
    routes: { 'GET /forms/active': answer(FORM), ...routes },
  });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Choose the roles you will review' });
const roleBox = (name: string) => within(screen.getByRole('dialog')).getByRole('checkbox', { name });
const submit = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' });

let success: jest.SpyInstance;
let failure: jest.SpyInstance;

beforeEach(() => {
  success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  failure = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});

afterEach(() => jest.restoreAllMocks());

test.each([
  ['no', []],
  ['2', ['bootcamp', 'engineer']],
] as const)('a reviewer with %s preferences must choose, over the page', async (_, preferences) => {
  renderLayout('reviewer', [...preferences]);

  expect(await screen.findByRole('dialog', { name: 'Choose the roles you will review' })).toBeInTheDocument();
  expect(
    screen.getByText('All reviewers must review Bootcamp applications. Select at least 3 roles!'),
  ).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Admin Home' })).toBeInTheDocument();
  expect(within(screen.getByRole('dialog')).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
});

test('a reviewer without the field at all must choose', async () => {
  renderLayout('reviewer', undefined);

  expect(await screen.findByRole('dialog', { name: 'Choose the roles you will review' })).toBeInTheDocument();
});

test('a reviewer with 3 preferences and a super-reviewer are not asked', async () => {
  renderLayout('reviewer', ['bootcamp', 'engineer', 'designer']);
  expect(await screen.findByRole('link', { name: /Reviewer dashboard/ })).toBeInTheDocument();
  expect(dialog()).not.toBeInTheDocument();
});

test('a super-reviewer is not asked', async () => {
  renderLayout('super-reviewer', []);
  expect(await screen.findByRole('link', { name: /Super Reviewer dashboard/ })).toBeInTheDocument();
  expect(dialog()).not.toBeInTheDocument();
});

test('Bootcamp is chosen and cannot be unchosen; Submit waits for 3 roles', async () => {
  renderLayout('reviewer', []);
  await screen.findByRole('dialog');

  expect(roleBox('Bootcamp')).toBeChecked();
  expect(roleBox('Bootcamp')).toBeDisabled();
  expect(roleBox('Engineer')).not.toBeChecked();
  expect(within(screen.getByRole('dialog')).getAllByRole('checkbox')).toHaveLength(7);
  expect(submit()).toBeDisabled();

  await userEvent.click(roleBox('Engineer'));
  expect(submit()).toBeDisabled();
  await userEvent.click(roleBox('Product Manager'));
  expect(submit()).toBeEnabled();
  await userEvent.click(roleBox('Engineer'));
  expect(submit()).toBeDisabled();
});

test('submitting stores the roles, says so and closes the dialog', async () => {
  let stored: TeamRole[] = [];
  const save = jest.fn((body: unknown) => {
    stored = (body as { roles: TeamRole[] }).roles;
    return sessionAnswer('reviewer', { applicantRolePreferences: stored }).user;
  });
  const { request } = renderLayout('reviewer', [], {
    'GET /session': () => sessionAnswer('reviewer', { applicantRolePreferences: stored }),
    'PUT /users/nova-uid/preferences': save,
  });
  await screen.findByRole('dialog');

  await userEvent.click(roleBox('Designer'));
  await userEvent.click(roleBox('Engineer'));
  await userEvent.click(submit());

  await waitFor(() => expect(dialog()).not.toBeInTheDocument());
  expect(request).toHaveBeenCalledWith('PUT', '/users/nova-uid/preferences', {
    body: { roles: ['bootcamp', 'engineer', 'designer'] },
  });
  expect(save).toHaveBeenCalledTimes(1);
  expect(success).toHaveBeenCalledWith('Successfully updated role preferences!');
  expect(failure).not.toHaveBeenCalled();
});

test('a refused save says so and keeps the dialog open', async () => {
  renderLayout('reviewer', [], {
    'PUT /users/nova-uid/preferences': fail(apiError(403, 'forbidden', 'User is not a reviewer!')),
  });
  await screen.findByRole('dialog');

  await userEvent.click(roleBox('Engineer'));
  await userEvent.click(roleBox('Tech Lead'));
  await userEvent.click(submit());

  await waitFor(() => expect(failure).toHaveBeenCalledWith('Failed to set review preferences!'));
  expect(dialog()).toBeInTheDocument();
  expect(success).not.toHaveBeenCalled();
});

test("'Failed to fetch user!' once when the session cannot be loaded", async () => {
  renderLayout('reviewer', [], { 'GET /session': fail(apiError(500, 'internal', 'Database unavailable')) });

  await waitFor(() => expect(failure).toHaveBeenCalledWith('Failed to fetch user!'));
  expect(failure).toHaveBeenCalledTimes(1);
  expect(dialog()).not.toBeInTheDocument();
});

test("'Failed to fetch user!' when the session has no user record", async () => {
  renderLayout('reviewer', [], {
    'GET /session': answer({ identity: sessionAnswer('reviewer').identity, user: null }),
  });

  await waitFor(() => expect(failure).toHaveBeenCalledWith('Failed to fetch user!'));
});

/**
 * A club's form with its own roles and rule (docs/product.md#team-roles): every reviewer reviews
 * Events, 1 role at least.
 */
const CLUB_FORM = {
  ...FORM,
  roles: [
    { id: 'treasurer', label: 'Treasurer', emoji: '💰', color: '#1f6feb' },
    { id: 'events', label: 'Events' },
  ],
  reviewRoleRule: { requiredRole: 'events', minimum: 1 },
};

test("the dialog offers the active form's roles and words its rule; its required role is chosen and fixed", async () => {
  let stored: TeamRole[] = [];
  const { request } = renderLayout('reviewer', [], {
    'GET /forms/active': answer(CLUB_FORM),
    'GET /session': () => sessionAnswer('reviewer', { applicantRolePreferences: stored }),
    'PUT /users/nova-uid/preferences': (body: unknown) => {
      stored = (body as { roles: TeamRole[] }).roles;
      return sessionAnswer('reviewer', { applicantRolePreferences: stored }).user;
    },
  });
  await screen.findByRole('dialog');

  expect(
    within(screen.getByRole('dialog')).getByText(
      'All reviewers must review Events applications. Select at least 1 role!',
    ),
  ).toBeInTheDocument();
  expect(within(screen.getByRole('dialog')).getAllByRole('checkbox')).toHaveLength(2);
  expect(roleBox('Events')).toBeChecked();
  expect(roleBox('Events')).toBeDisabled();
  expect(roleBox('Treasurer')).not.toBeChecked();
  // The role's chip: its emoji and label, on a tint of its colour.
  expect(within(screen.getByRole('dialog')).getByTitle('Treasurer')).toHaveTextContent('💰Treasurer');
  expect(within(screen.getByRole('dialog')).getByTitle('Treasurer')).not.toHaveStyle({ background: '#f0f0f0' });
  expect(submit()).toBeEnabled();

  await userEvent.click(roleBox('Treasurer'));
  await userEvent.click(submit());
  await waitFor(() => expect(dialog()).not.toBeInTheDocument());
  expect(request).toHaveBeenCalledWith('PUT', '/users/nova-uid/preferences', {
    body: { roles: ['treasurer', 'events'] },
  });
});

test("a reviewer whose preferences are not among the active form's roles chooses again", async () => {
  renderLayout('reviewer', ['bootcamp', 'engineer', 'designer'], { 'GET /forms/active': answer(CLUB_FORM) });

  expect(await screen.findByRole('dialog', { name: 'Choose the roles you will review' })).toBeInTheDocument();
  expect(roleBox('Events')).toBeChecked();
});

test('without an active form the default roles and rule apply', async () => {
  renderLayout('reviewer', [], { 'GET /forms/active': fail(apiRefusal('no-active-form', 'No active form!')) });

  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(
    screen.getByText('All reviewers must review Bootcamp applications. Select at least 3 roles!'),
  ).toBeInTheDocument();
  expect(within(screen.getByRole('dialog')).getAllByRole('checkbox')).toHaveLength(7);
});

test("a reviewer whose roles were chosen among another form's is asked by a banner to choose again", async () => {
  renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin',
    role: 'reviewer',
    // Valid for this form's rule, but chosen when the live form offered only these three roles.
    user: {
      applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
      rolePreferencesFor: ['bootcamp', 'designer', 'engineer'],
    },
    routes: { 'GET /forms/active': answer(FORM) },
  });

  expect(await screen.findByText(CHOOSE_AGAIN_TEXT)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Choose your roles' })).toHaveAttribute('href', '/admin/settings');
  expect(dialog()).not.toBeInTheDocument();
});

test('no banner once the roles were chosen among the live form’s', async () => {
  renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin',
    role: 'reviewer',
    user: {
      applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
      rolePreferencesFor: [
        'bootcamp',
        'designer',
        'engineer',
        'outreach-coordinator',
        'product',
        'social-media-manager',
        'tech-lead',
      ],
    },
    routes: { 'GET /forms/active': answer(FORM) },
  });

  expect(await screen.findByRole('link', { name: /Reviewer dashboard/ })).toBeInTheDocument();
  expect(screen.queryByText(CHOOSE_AGAIN_TEXT)).not.toBeInTheDocument();
});
