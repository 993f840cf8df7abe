import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';
import { SEARCH_DELAY_MS } from '../../lib/use-url-search';

/**
 * The dashboard's URL state has several writers (the search box, a sort header, a filter, a tag):
 * each keeps the others' changes, even when two land before the page renders again.
 */
const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const rowsPath = (query: string) => `GET /admin/forms/${FORM_ID}/rows?tab=all&${query}&limit=25`;
const ROWS = answer(page([row()]));

const routes = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/tags`]: answer({ items: [] }),
  [`GET /admin/forms/${FORM_ID}/views`]: answer({ items: [] }),
  [rowsPath('sort=submittedAt&dir=desc')]: ROWS,
  [rowsPath('search=ada&sort=submittedAt&dir=desc')]: ROWS,
  [rowsPath('search=ada&sort=name&dir=asc')]: ROWS,
  [rowsPath('sort=name&dir=asc')]: ROWS,
  [rowsPath('sort=name&dir=asc&filter=undecided')]: ROWS,
  [rowsPath('sort=submittedAt&dir=desc&filter=undecided')]: ROWS,
};

const location = () => screen.getByRole('status', { name: 'Current location' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search applicants' });
/** antd repeats the header row to measure a scrolling table: the first is the real one. */
const header = (title: string) => screen.getAllByText(title)[0]!;
const query = () => new URLSearchParams(location().textContent!.split('?')[1] ?? '');

jest.setTimeout(30_000);
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

async function open(path = ALL) {
  renderDor(path, routes);
  await screen.findByRole('link', { name: 'Ada Lovelace' });
}

test('a sort clicked just as the search is written keeps both in the URL', async () => {
  await open();
  fireEvent.change(searchBox(), { target: { value: 'ada' } });

  // The search's write and the click land before the page renders again.
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS);
    fireEvent.click(header('Applicant'));
  });

  await waitFor(() => expect(query().get('sort')).toBe('name'));
  expect(query().get('q')).toBe('ada');
  expect(query().get('dir')).toBe('asc');
  expect(searchBox()).toHaveValue('ada');
});

test('a sort clicked while the search still waits keeps the search, written at once with it', async () => {
  await open();
  fireEvent.change(searchBox(), { target: { value: 'ada' } });
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS / 3);
  });
  fireEvent.click(header('Applicant'));

  await waitFor(() => expect(location()).toHaveTextContent(`${ALL}?q=ada&sort=name&dir=asc`));
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS);
  });
  expect(location()).toHaveTextContent(`${ALL}?q=ada&sort=name&dir=asc`);
});

test('clearing the box as its search is written leaves no ?q=, and the box stays empty', async () => {
  await open(`${ALL}?sort=name&dir=asc`);
  fireEvent.change(searchBox(), { target: { value: 'ada' } });

  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS);
    fireEvent.change(searchBox(), { target: { value: '' } });
  });
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS * 2);
  });

  await waitFor(() => expect(location()).toHaveTextContent(`${ALL}?sort=name&dir=asc`));
  expect(query().has('q')).toBe(false);
  expect(searchBox()).toHaveValue('');
});

test('clearing the box before its search is written cancels that write', async () => {
  await open();
  fireEvent.change(searchBox(), { target: { value: 'ada' } });
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS / 2);
  });
  fireEvent.change(searchBox(), { target: { value: '' } });
  act(() => {
    jest.advanceTimersByTime(SEARCH_DELAY_MS * 2);
  });

  expect(location()).toHaveTextContent(ALL);
  expect(query().has('q')).toBe(false);
  expect(searchBox()).toHaveValue('');
});

test('a filter and a sort chosen one right after the other are both kept', async () => {
  await open();

  act(() => {
    fireEvent.click(screen.getByText('Undecided'));
    fireEvent.click(header('Applicant'));
  });

  await waitFor(() => expect(query().get('sort')).toBe('name'));
  expect(query().get('filter')).toBe('undecided');
});
