import { screen } from '@testing-library/react';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import AdminRoutes from '../../app/routes';
import { answer, apiRefusal, fail, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';

const FORM = { id: 'spring-2025', semester: 'Spring 2025', sections: [], reviewRubrics: [], interviewRubrics: [] };
const PREFERENCES = { applicantRolePreferences: ['bootcamp' as const, 'engineer' as const, 'designer' as const] };

function renderHome(role: UserRole, routes: Routes = {}) {
  return renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin',
    role,
    user: role === 'reviewer' ? PREFERENCES : {},
    routes: { 'GET /forms/active': answer(FORM), ...routes },
  });
}

const linkTo = (name: string) => screen.findByRole('link', { name: new RegExp(`^${name}`) });

test('an applicant is told this area is for staff and pointed to /apply', async () => {
  const { request } = renderHome('applicant');

  expect(await screen.findByRole('heading', { name: 'Admin Home' })).toBeInTheDocument();
  expect(await screen.findByText(/This area is for reviewers and super-reviewers/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'your applications' })).toHaveAttribute('href', '/apply');
  expect(screen.queryByRole('link', { name: /Reviewer dashboard/ })).not.toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('GET', '/forms/active');
});

test("a reviewer gets the reviewer dashboard of the active form, and nothing of the super-reviewer's", async () => {
  renderHome('reviewer');

  expect(await linkTo('Reviewer dashboard')).toHaveAttribute('href', '/admin/reviewer/dashboard/spring-2025/apps');
  expect(screen.queryByRole('link', { name: /Super Reviewer dashboard/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Users/ })).not.toBeInTheDocument();
});

test('a super-reviewer gets the dashboards, users and forms', async () => {
  renderHome('super-reviewer');

  expect(await linkTo('Super Reviewer dashboard')).toHaveAttribute('href', '/admin/dor/dashboard/spring-2025/all');
  expect(await linkTo('Users')).toHaveAttribute('href', '/admin/dor/users');
  expect(await linkTo('Forms')).toHaveAttribute('href', '/admin/dor/forms');
  expect(await linkTo('Reviewer dashboard')).toHaveAttribute('href', '/admin/reviewer/dashboard/spring-2025/apps');
});

test("without an active form a reviewer reads 'No active form!'", async () => {
  renderHome('reviewer', { 'GET /forms/active': fail(apiRefusal('no-active-form', 'No active form!')) });

  expect(await screen.findByText('No active form!')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Reviewer dashboard/ })).not.toBeInTheDocument();
});

test('without an active form a super-reviewer still reaches users and forms', async () => {
  renderHome('super-reviewer', { 'GET /forms/active': fail(apiRefusal('no-active-form', 'No active form!')) });

  expect(await screen.findByText('No active form!')).toBeInTheDocument();
  expect(await linkTo('Users')).toHaveAttribute('href', '/admin/dor/users');
  expect(screen.queryByRole('link', { name: /Super Reviewer dashboard/ })).not.toBeInTheDocument();
});

test('shows a skeleton while the account loads', () => {
  renderHome('reviewer', { 'GET /session': () => new Promise(() => undefined) });

  expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
});
