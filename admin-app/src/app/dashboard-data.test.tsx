import { waitFor } from '@testing-library/react';
import { formQueryOptions, PREFETCHED, type ApiClient } from '@portal/shared/client';
import { releaseScheduleQueryOptions } from '../api/release-schedule';
import { offersQueryOptions, rowsQueryOptions } from '../api/rows';
import { staffSummariesQueryOptions } from '../api/staff';
import { savedViewsQueryOptions, tagsQueryOptions } from '../api/tags';
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

test('the dashboard route asks for its header, its first rows, the staff, tags and saved views while the page is still loading', async () => {
  const { request } = renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {});

  await waitFor(() =>
    expect(asked(request)).toEqual(
      expect.arrayContaining([
        ...HEADER.map((path) => `GET ${path}`),
        `GET ${ROWS}`,
        `GET /admin/forms/${FORM_ID}/staff?kind=review`,
        `GET /admin/forms/${FORM_ID}/tags`,
        `GET /admin/forms/${FORM_ID}/views`,
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

test('what the route asks for early stays fresh while the page arrives, so the page does not ask again', () => {
  // In the browser the page's code arrives after the answers (bench:staff-pages showed every
  // request made twice without this); each query the route prefetches carries that freshness (the
  // form's own query is fresh for longer).
  const api = {} as ApiClient;
  expect(formQueryOptions(api, FORM_ID).staleTime).toBeGreaterThanOrEqual(PREFETCHED.staleTime);
  for (const options of [
    rowsQueryOptions(api, FORM_ID, { tab: 'all', search: '', sort: 'submittedAt', dir: 'desc', limit: 25 }),
    offersQueryOptions(api, FORM_ID),
    releaseScheduleQueryOptions(api, FORM_ID),
    staffSummariesQueryOptions(api, FORM_ID, { kind: 'review' }),
    tagsQueryOptions(api, FORM_ID),
    savedViewsQueryOptions(api, FORM_ID),
  ])
    expect([options.queryKey, options.staleTime, options.retryOnMount]).toEqual([
      options.queryKey,
      PREFETCHED.staleTime,
      false,
    ]);
});
