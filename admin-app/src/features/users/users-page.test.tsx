import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { STAFF_MESSAGES } from '@portal/shared/domain';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { member, page } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const USERS = [
  member(),
  member({ id: 'alan-uid', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', role: 'super-reviewer' }),
  member({ id: 'bo-uid', firstName: 'Bo', lastName: 'Chen', email: 'bo@example.org', role: 'applicant' }),
];

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

  await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'gra');
  await waitFor(() => expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument());
  expect(request).toHaveBeenCalledWith('GET', '/admin/users?search=gra');
  expect(request).not.toHaveBeenCalledWith('GET', '/admin/users?search=g');

  await userEvent.click(screen.getByRole('combobox', { name: 'Role filter' }));
  await userEvent.click(await screen.findByTitle('Reviewer'));
  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
});

test("'Apply to {n} selected' changes the role of the selected users", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ updated: 2 }));
  renderDor('/admin/dor/users', { 'GET /admin/users': answer(page(USERS)), 'POST /admin/users/role': post });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'New role' }));
  await userEvent.click(await screen.findByTitle('Super Reviewer'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 selected' }));

  await waitFor(() => expect(post).toHaveBeenCalledWith({ userIds: ['grace-uid', 'bo-uid'], role: 'super-reviewer' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('2 users now Super Reviewer!'));
});

test("'Delete' asks first, then deletes the selected users", async () => {
  const post = jest.fn(() => ({ deleted: 1 }));
  renderDor('/admin/dor/users', { 'GET /admin/users': answer(page(USERS)), 'POST /admin/users/delete': post });
  await screen.findByText('Grace Hopper');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Delete 1 user?')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));

  await waitFor(() => expect(post).toHaveBeenCalledWith({ userIds: ['bo-uid'] }));
});

test('a refused change (the last super-reviewer) shows the server message', async () => {
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  renderDor('/admin/dor/users', {
    'GET /admin/users': answer(page(USERS)),
    'POST /admin/users/delete': fail(apiError(409, 'conflict', STAFF_MESSAGES.lastSuperReviewer)),
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
