import { waitFor } from '@testing-library/react';
import { FORM_ID } from '../testing/fixtures';
import { renderDor } from '../testing/render-dor';

/** The dashboard's code never finishes arriving: what the route asks for meanwhile is its own doing. */
jest.mock('../features/dashboard/dashboard-layout', () => ({
  DashboardLayout: () => {
    throw new Promise(() => undefined);
  },
}));

const ROWS = `/admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`;
const HEADER = [`/forms/${FORM_ID}`, `/admin/forms/${FORM_ID}/offers`, `/admin/forms/${FORM_ID}/release/schedule`];
const asked = (request: jest.Mock) => request.mock.calls.map(([method, path]) => `${method} ${path}`);

test('the dashboard route asks for its header, its first rows and the staff while the page is still loading', async () => {
  const { request } = renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {});

  await waitFor(() =>
    expect(asked(request)).toEqual(
      expect.arrayContaining([
        ...HEADER.map((path) => `GET ${path}`),
        `GET ${ROWS}`,
        `GET /admin/forms/${FORM_ID}/staff?kind=review`,
      ]),
    ),
  );
});

test('the Qualified tab’s rows and interviewers are asked for on that address', async () => {
  const { request } = renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {});

  await waitFor(() =>
    expect(asked(request)).toEqual(
      expect.arrayContaining([
        `GET /admin/forms/${FORM_ID}/rows?tab=qualified&sort=submittedAt&dir=desc&limit=25`,
        `GET /admin/forms/${FORM_ID}/staff?kind=interview`,
      ]),
    ),
  );
});

test('an address with a search asks for no default rows (the tab asks for its own)', async () => {
  const { request } = renderDor(`/admin/dor/dashboard/${FORM_ID}/all?q=ada`, {});

  await waitFor(() => expect(asked(request)).toContain(`GET /forms/${FORM_ID}`));
  expect(asked(request).filter((call) => call.includes('/rows'))).toEqual([]);
});

test('a reviewer’s visit asks for nothing only super-reviewers may read', async () => {
  const { request } = renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {}, 'reviewer');

  await waitFor(() => expect(asked(request)).toContain('GET /session'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked(request).filter((call) => call.includes('/admin/'))).toEqual([]);
});
