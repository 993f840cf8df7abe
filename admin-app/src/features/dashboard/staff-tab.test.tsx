import { screen, within } from '@testing-library/react';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';
import { ROLES_TO_CHOOSE } from './staff-tab';

jest.setTimeout(30_000);

test.each([
  ['reviewers', 'review', 'reviewer'],
  ['interviewers', 'interview', 'interviewer'],
])('the %s tab lists each staff member with their load', async (tab, kind, page) => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/${tab}`, {
    [`GET /forms/${FORM_ID}`]: answer(FORM),
    [`GET /admin/forms/${FORM_ID}/staff?kind=${kind}`]: answer({ items: STAFF }),
  });

  const grace = await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(grace).toHaveAttribute('href', `/admin/dor/${page}/${FORM_ID}/grace-uid`);
  const cells = within(grace.closest('tr') as HTMLElement);
  expect(cells.getByText('grace@example.org')).toBeInTheDocument();
  expect(cells.getByText('Bootcamp')).toBeInTheDocument();
  expect(cells.getByText('Designer')).toBeInTheDocument();
  expect(cells.getByText('4')).toBeInTheDocument();
  expect(cells.getByText('1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Alan Turing' })).toBeInTheDocument();
});

test('the reviewers tab searches with the shared ?q=', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/reviewers?q=zed`, {
    [`GET /forms/${FORM_ID}`]: answer(FORM),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review&search=zed`]: answer({ items: [] }),
  });

  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search applicants' })).toHaveValue('zed');
});

test("the reviewers tab marks who has not chosen this form's roles yet", async () => {
  const [grace, alan] = STAFF;
  renderDor(`/admin/dor/dashboard/${FORM_ID}/reviewers`, {
    [`GET /forms/${FORM_ID}`]: answer(FORM),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: [grace, { ...alan, rolesToChoose: true }] }),
  });

  const row = (name: string) => within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);
  await screen.findByRole('link', { name: 'Alan Turing' });
  expect(row('Alan Turing').getByText(ROLES_TO_CHOOSE)).toBeInTheDocument();
  expect(row('Grace Hopper').queryByText(ROLES_TO_CHOOSE)).not.toBeInTheDocument();
});
