import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { typeOnFakeClock } from '@portal/jest-support/type-on-fake-clock';
import { SEARCH_DELAY_MS } from '../../lib/use-url-search';
import { renderDor } from '../../testing/render-dor';

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const rowsPath = (query: string) => `GET /admin/forms/${FORM_ID}/rows?tab=all&${query}&limit=25`;
const FIRST_PAGE = rowsPath('sort=submittedAt&dir=desc');

const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
};

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

jest.setTimeout(30_000);
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** antd repeats the header row to measure a scrolling table: the first is the real one. */
const header = (title: string) => screen.getAllByText(title)[0]!;

test('shows each row: applicant, role, status, reviews, average score, qualified', async () => {
  renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(
      page(
        [row(), row({ responseId: OTHER_RESPONSE_ID, applicantName: 'Bo Chen', reviewScore: null, qualified: true })],
        null,
        2,
      ),
    ),
  });

  const ada = await screen.findByRole('link', { name: 'Ada Lovelace' });
  expect(ada).toHaveAttribute('href', `/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`);
  const cells = within(rowOf('Ada Lovelace'));
  expect(cells.getByText('ada@example.org')).toBeInTheDocument();
  expect(cells.getByText('Engineer')).toBeInTheDocument();
  expect(cells.getByText('Under review')).toBeInTheDocument();
  expect(cells.getByRole('link', { name: '1/2' })).toHaveAttribute('href', `/admin/dor/reviews/${RESPONSE_ID}`);
  expect(cells.getByText('3.46')).toBeInTheDocument();
  expect(cells.getByRole('switch', { name: 'Qualified' })).not.toBeChecked();
  expect(within(rowOf('Bo Chen')).getByText('—')).toBeInTheDocument();
  expect(within(rowOf('Bo Chen')).getByRole('switch', { name: 'Qualified' })).toBeChecked();
  expect(screen.getByText('2 role applications')).toBeInTheDocument();
});

test("an empty tab reads 'No applications submitted yet.'", async () => {
  renderDor(ALL, { ...base, [FIRST_PAGE]: answer(page([])) });

  expect(await screen.findByText('No applications submitted yet.')).toBeInTheDocument();
});

test('the search is sent 300 ms after typing, kept in ?q= and across tabs', async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()])),
    [rowsPath('search=ada+l&sort=submittedAt&dir=desc')]: answer(page([])),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review&search=ada+l`]: answer({ items: [] }),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  const pauseEnds = await typeOnFakeClock(
    screen.getByRole('searchbox', { name: 'Search applicants' }),
    'ada l',
    SEARCH_DELAY_MS,
  );
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('search='));
  pauseEnds();

  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  const searches = request.mock.calls.filter(
    ([, path]) => String(path).includes('/rows?') && String(path).includes('search='),
  );
  expect(searches).toHaveLength(1);
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`${ALL}?q=ada+l`);

  await userEvent.click(screen.getByRole('tab', { name: 'Reviewers' }));
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
    `/admin/dor/dashboard/${FORM_ID}/reviewers?q=ada+l`,
  );
  expect(screen.getByRole('searchbox', { name: 'Search applicants' })).toHaveValue('ada l');
  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
});

test('clicking a column header sorts on the server', async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()])),
    [rowsPath('sort=name&dir=asc')]: answer(page([row()])),
    [rowsPath('sort=name&dir=desc')]: answer(page([row()])),
    [rowsPath('sort=reviewScore&dir=asc')]: answer(page([row()])),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(header('Applicant'));
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', rowsPath('sort=name&dir=asc').slice(4)));
  await userEvent.click(header('Applicant'));
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', rowsPath('sort=name&dir=desc').slice(4)));
  await userEvent.click(header('Average score'));
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', rowsPath('sort=reviewScore&dir=asc').slice(4)));
});

test('the sort is kept in the URL: a header click writes ?sort=&dir=, and opening that URL sorts the same way', async () => {
  const sortedByName = rowsPath('sort=name&dir=desc');
  const first = renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()])),
    [rowsPath('sort=name&dir=asc')]: answer(page([row()])),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  await userEvent.click(header('Applicant'));
  expect(await screen.findByText(`${ALL}?sort=name&dir=asc`)).toBeInTheDocument();
  first.unmount();

  // A reload (or Back to this URL) asks for the same order and shows it on the header.
  const { request } = renderDor(`${ALL}?sort=name&dir=desc`, { ...base, [sortedByName]: answer(page([row()])) });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  expect(request).toHaveBeenCalledWith('GET', sortedByName.slice(4));
  expect(request).not.toHaveBeenCalledWith('GET', FIRST_PAGE.slice(4));
  expect(header('Applicant').closest('th')).toHaveAttribute('aria-sort', 'descending');
});

test("'Next page' sends the cursor, 'Previous page' goes back", async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()], 'cursor-2', 30)),
    [rowsPath('sort=submittedAt&dir=desc&cursor=cursor-2')]: answer(
      page([row({ responseId: OTHER_RESPONSE_ID, applicantName: 'Bo Chen' })], null, 30),
    ),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  expect(screen.getByText('30 role applications')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('link', { name: 'Bo Chen' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', rowsPath('sort=submittedAt&dir=desc&cursor=cursor-2').slice(4));
});

test('the Qualified switch PUTs the flag for that response and role', async () => {
  const put = jest.fn(() => row({ qualified: true }));
  renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()])),
    [`PUT /admin/rows/${RESPONSE_ID}/engineer/qualified`]: put,
  });

  await userEvent.click(await screen.findByRole('switch', { name: 'Qualified' }));

  await waitFor(() => expect(put).toHaveBeenCalledWith({ qualified: true }));
});

test("choosing a reviewer and 'Assign' POSTs the review assignment", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ created: [] }));
  renderDor(ALL, { ...base, [FIRST_PAGE]: answer(page([row()])), 'POST /admin/assignments': post });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  const cells = within(rowOf('Ada Lovelace'));
  expect(cells.getByRole('button', { name: 'Assign' })).toBeDisabled();

  await userEvent.click(cells.getByRole('combobox', { name: 'Reviewer' }));
  await userEvent.click(await screen.findByTitle('Alan Turing'));
  await userEvent.click(cells.getByRole('button', { name: 'Assign' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({
      kind: 'review',
      assignments: [{ responseId: RESPONSE_ID, role: 'engineer', staffId: 'alan-uid' }],
    }),
  );
  await waitFor(() => expect(success).toHaveBeenCalledWith('Reviewer assigned.'));
});

test("'Release decisions' asks first, POSTs the release and says 'Decisions released.'", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const release = jest.fn(() => ({ ...FORM, decisionsReleased: true }));
  renderDor(ALL, { ...base, [FIRST_PAGE]: answer(page([row()])), [`POST /admin/forms/${FORM_ID}/release`]: release });

  await userEvent.click(await screen.findByRole('button', { name: 'Release decisions' }));
  expect(release).not.toHaveBeenCalled();
  await userEvent.click(await screen.findByRole('button', { name: 'Release' }));

  await waitFor(() => expect(release).toHaveBeenCalledWith({}));
  await waitFor(() => expect(success).toHaveBeenCalledWith('Decisions released.'));
});

test('a refused release shows the server message', async () => {
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  const message = 'Decisions cannot be released while 3 submitted applications are undecided';
  renderDor(ALL, {
    ...base,
    [FIRST_PAGE]: answer(page([row()])),
    [`POST /admin/forms/${FORM_ID}/release`]: fail(apiError(409, 'conflict', message)),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Release decisions' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Release' }));

  await waitFor(() => expect(error).toHaveBeenCalledWith(message));
});

test('a failed load shows the reason and a retry', async () => {
  renderDor(ALL, { ...base, [FIRST_PAGE]: fail(apiError(500, 'internal', 'The database is down')) });

  expect(await screen.findByText('The applications could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The database is down')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
