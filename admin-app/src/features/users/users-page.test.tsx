import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { STAFF_MESSAGES, type UserImpact } from '@portal/shared/domain/rules/staff';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { member, page } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';
import { typeOnFakeClock } from '@portal/jest-support/type-on-fake-clock';
import { SEARCH_DELAY_MS } from '../../lib/use-url-search';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const USERS = [
  member(),
  member({ id: 'alan-uid', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', role: 'super-reviewer' }),
  member({ id: 'bo-uid', firstName: 'Bo', lastName: 'Chen', email: 'bo@example.org', role: 'applicant' }),
];

const impact = (overrides: Partial<UserImpact> & Pick<UserImpact, 'id' | 'name'>): UserImpact => ({
  email: `${overrides.id}@example.org`,
  role: 'applicant',
  applications: 0,
  roleApplications: 0,
  assessmentsAbout: 0,
  files: 0,
  submittedAssessments: 0,
  openAssignments: [],
  ...overrides,
});
const BO = impact({
  id: 'bo-uid',
  name: 'Bo Chen',
  applications: 1,
  roleApplications: 2,
  assessmentsAbout: 3,
  files: 1,
});
const GRACE = impact({
  id: 'grace-uid',
  name: 'Grace Hopper',
  role: 'reviewer',
  submittedAssessments: 1,
  openAssignments: [
    {
      assessmentId: 'a1',
      kind: 'review',
      responseId: 'r1',
      role: 'engineer',
      applicantName: 'Ada Lovelace',
      state: 'draft',
    },
  ],
});

const rowOf = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement);

test('lists users with name, email and role label', async () => {
  renderDor('/admin/dor/users', { 'GET /admin/users': answer(page(USERS, null, 3)) });

  expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  expect(rowOf('Grace Hopper').getByText('grace@example.org')).toBeInTheDocument();
  expect(rowOf('Grace Hopper').getByText('Reviewer')).toBeInTheDocument();
  expect(rowOf('Alan Turing').getByText('Super Reviewer')).toBeInTheDocument();
  expect(rowOf('Bo Chen').getByText('Applicant')).toBeInTheDocument();
  expect(screen.getByText('3 users')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Apply to 0 selected' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('the search (after 300 ms) and the role filter are sent to the server', async () => {
  const { request } = renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'GET /admin/users?search=gra': answer(page([USERS[0]!])),
    'GET /admin/users?search=gra&role=reviewer': answer(page([])),
  });
  await screen.findByText('Alan Turing');

  const pauseEnds = await typeOnFakeClock(
    screen.getByRole('searchbox', { name: 'Search users' }),
    'gra',
    SEARCH_DELAY_MS,
  );
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('search='));
  pauseEnds();
  await waitFor(() => expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument());
  expect(request).toHaveBeenCalledWith('GET', '/admin/users?search=gra');
  expect(request).not.toHaveBeenCalledWith('GET', '/admin/users?search=g');

  await userEvent.click(screen.getByRole('combobox', { name: 'Role filter' }));
  await userEvent.click(await screen.findByTitle('Reviewer'));
  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
});

// rc-components give every id "test-id" under jest, so a dialog's accessible name is not its title there.
test("'Apply to {n} selected' changes the role of the selected users", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ updated: 2 }));
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/role': post,
    'POST /admin/users/impact': answer([GRACE, BO]),
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'New role' }));
  await userEvent.click(await screen.findByTitle('Super Reviewer'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 selected' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Make 2 users Super Reviewer?')).toBeInTheDocument();
  // Bo applied: promoting him keeps his application his, and he never reviews it.
  expect(await dialog.findByText('Bo Chen has an application.')).toBeInTheDocument();
  expect(
    dialog.getByText(
      'They keep access to its status, decision and offer under Apply, and are never assigned to review it.',
    ),
  ).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));

  await waitFor(() => expect(post).toHaveBeenCalledWith({ userIds: ['grace-uid', 'bo-uid'], role: 'super-reviewer' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('2 users now Super Reviewer.'));
});

test("'Delete' asks first, then deletes the selected users", async () => {
  const post = jest.fn(() => ({ deleted: 1 }));
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/delete': post,
    'POST /admin/users/impact': answer([BO]),
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Delete 1 user?')).toBeInTheDocument();
  expect(
    await dialog.findByText(
      'Deleted: 1 application, 2 role applications, 3 reviews and interviews of them, 1 uploaded file.',
    ),
  ).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete' }));

  await waitFor(() => expect(post).toHaveBeenCalledWith({ userIds: ['bo-uid'] }));
});

test('a refused change (the last super-reviewer) shows the server message', async () => {
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/delete': fail(apiError(409, 'conflict', STAFF_MESSAGES.lastSuperReviewer)),
    'POST /admin/users/impact': answer([impact({ id: 'alan-uid', name: 'Alan Turing', role: 'super-reviewer' })]),
  });
  await screen.findByText('Alan Turing');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));

  await waitFor(() => expect(error).toHaveBeenCalledWith(STAFF_MESSAGES.lastSuperReviewer));
});

test("'Next page' asks for the next cursor", async () => {
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS.slice(0, 2), 'c2', 3)),
    'GET /admin/users?cursor=c2': answer(page(USERS.slice(2), null, 3)),
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));

  expect(await screen.findByText('Bo Chen')).toBeInTheDocument();
  expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
});

test('deleting a reviewer says which reviews stay and which open ones are unassigned', async () => {
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/impact': answer([GRACE]),
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Delete 1 user?')).toBeInTheDocument();
  expect(await dialog.findByText('No applications or files.')).toBeInTheDocument();
  expect(
    dialog.getByText('1 submitted review or interview stays, attributed to "Deleted reviewer".'),
  ).toBeInTheDocument();
  expect(dialog.getByText('1 open assignment will be unassigned.')).toBeInTheDocument();
});

test.each([
  ['Reassign them to the least loaded eligible reviewers', 'reassign'],
  ['Unassign them', 'unassign'],
])("demoting a reviewer lists their open work; '%s' is sent with the role change", async (label, choice) => {
  const post = jest.fn(() => ({ updated: 1, reassigned: choice === 'reassign' ? 1 : 0, unassigned: 0 }));
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/impact': answer([GRACE]),
    'POST /admin/users/role': post,
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'New role' }));
  await userEvent.click(await screen.findByTitle('Applicant'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply to 1 selected' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Make 1 user Applicant?')).toBeInTheDocument();
  expect(await dialog.findByText('1 open review or interview would be left without a reviewer.')).toBeInTheDocument();
  const row = within(dialog.getByText('Ada Lovelace').closest('li') as HTMLElement);
  expect(row.getByText('Engineer')).toBeInTheDocument();
  expect(row.getByText('Review (Draft) by Grace Hopper')).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('radio', { name: label }));
  await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({ userIds: ['grace-uid'], role: 'applicant', openAssignments: choice }),
  );
});

test("'Remove deleted users' leftovers' asks first, then says how many it removed", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ removed: 2 }));
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/leftovers/delete': post,
  });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('button', { name: "Remove deleted users' leftovers" }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText("Remove deleted users' leftovers?")).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(dialog.getByRole('button', { name: 'Yes, remove' }));

  await waitFor(() => expect(success).toHaveBeenCalledWith('Removed what 2 deleted users left.'));
  expect(post).toHaveBeenCalledTimes(1);
});
