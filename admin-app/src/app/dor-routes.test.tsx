import { screen } from '@testing-library/react';
import { answer, apiError, apiRefusal, fail } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, page, row } from '../testing/fixtures';
import { renderDor } from '../testing/render-dor';

jest.setTimeout(30_000);

const location = () => screen.getByRole('status', { name: 'Current location' });

const dashboardRoutes = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`]: answer(page([row()])),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: [] }),
};

test('/admin/dor/ opens the active form’s dashboard on the all tab', async () => {
  renderDor('/admin/dor', { 'GET /forms/active': answer(FORM), ...dashboardRoutes });

  expect(await screen.findByRole('heading', { name: 'Super Reviewer Dashboard' })).toBeInTheDocument();
  expect(await screen.findByText('Spring 2025')).toBeInTheDocument();
  expect(location()).toHaveTextContent(`/admin/dor/dashboard/${FORM_ID}/all`);
  expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
});

test("/admin/dor/ without an active form says 'No active form!'", async () => {
  renderDor('/admin/dor', { 'GET /forms/active': fail(apiRefusal('no-active-form', 'No active form!')) });

  expect(await screen.findByText('No active form!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage forms' })).toHaveAttribute('href', '/admin/dor/forms');
});

test('a reviewer sees the dashboard shell but its tab sends them to /login', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, dashboardRoutes, 'reviewer');

  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  expect(location()).toHaveTextContent(/^\/login$/);
});

test.each(['users', 'forms', `reviews/x`, `reviewer/${FORM_ID}/grace-uid`, 'response/x'])(
  'a reviewer opening /admin/dor/%s is sent to /login',
  async (path) => {
    renderDor(`/admin/dor/${path}`, {}, 'reviewer');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);
  },
);

test('the dashboard layout itself renders for any signed-in user', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/nope`, dashboardRoutes, 'reviewer');

  expect(await screen.findByRole('heading', { name: 'Super Reviewer Dashboard' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Release decisions' })).not.toBeInTheDocument();
  expect(location()).toHaveTextContent(`/admin/dor/dashboard/${FORM_ID}/nope`);
});

test('an unknown form id says the form does not exist, with no dashboard frame or Release button', async () => {
  renderDor('/admin/dor/dashboard/no-such-form/all', {
    'GET /forms/no-such-form': fail(apiError(404, 'not-found', 'No form with this ID!')),
    'GET /admin/forms/no-such-form/rows?tab=all&sort=submittedAt&dir=desc&limit=25': fail(
      apiError(404, 'not-found', 'No form with this ID!'),
    ),
  });

  expect(await screen.findByText('No form with this ID!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage forms' })).toHaveAttribute('href', '/admin/dor/forms');
  expect(screen.queryByRole('button', { name: 'Release decisions' })).not.toBeInTheDocument();
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
});
