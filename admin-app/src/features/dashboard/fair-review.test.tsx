import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { CALIBRATION_EXPLANATION } from '@portal/shared/domain/rules/calibration';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const rowsPath = (query: string) => `GET /admin/forms/${FORM_ID}/rows?tab=all&${query}&limit=25`;
const FIRST_PAGE = rowsPath('sort=submittedAt&dir=desc');
const FLAGGED = row({
  responseId: OTHER_RESPONSE_ID,
  applicantName: 'Bo Chen',
  reviewScore: 2,
  calibratedReviewScore: 2.75,
  reviewSpread: 3,
  calibratedSpread: 2.5,
  disagreement: true,
});
const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [FIRST_PAGE]: answer(page([row(), FLAGGED])),
};
const rowOf = (name: string) => within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);
/** antd repeats the header row to measure a scrolling table: the first is the real one. */
const header = (title: string) => screen.getAllByText(title)[0]!;

test('a Calibrated column beside the raw score, explained in one sentence', async () => {
  renderDor(ALL, base);
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  expect(rowOf('Ada Lovelace').getByText('3.46')).toBeInTheDocument();
  expect(rowOf('Ada Lovelace').getByText('3.21')).toBeInTheDocument();
  expect(rowOf('Bo Chen').getByText('2.75')).toBeInTheDocument();
  const help = screen.getAllByRole('button', { name: 'How calibrated scores work' })[0]!;
  await userEvent.hover(help);
  expect(await screen.findByText(CALIBRATION_EXPLANATION)).toBeInTheDocument();
});

test('clicking the Calibrated header sorts by the calibrated score on the server; its help does not', async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [rowsPath('sort=calibratedReviewScore&dir=asc')]: answer(page([FLAGGED, row()])),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(screen.getAllByRole('button', { name: 'How calibrated scores work' })[0]!);
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('sort=calibratedReviewScore'));

  await userEvent.click(header('Calibrated'));
  await waitFor(() =>
    expect(request).toHaveBeenCalledWith('GET', rowsPath('sort=calibratedReviewScore&dir=asc').slice(4)),
  );
  expect(await screen.findByText(`${ALL}?sort=calibratedReviewScore&dir=asc`)).toBeInTheDocument();
});

test('a row whose reviewers disagree is flagged; the Disagreement filter shows only those, kept in the URL', async () => {
  renderDor(ALL, {
    ...base,
    [rowsPath('sort=submittedAt&dir=desc&filter=disagreement')]: answer(page([FLAGGED])),
  });
  await screen.findByRole('link', { name: 'Bo Chen' });
  expect(rowOf('Bo Chen').getByText('Disagreement')).toBeInTheDocument();
  // The tag says by how much the calibrated scores (what the flag compares) differ.
  expect(rowOf('Bo Chen').getByText('Disagreement')).toHaveAttribute(
    'title',
    "The reviewers' calibrated scores differ by 2.5 points",
  );
  expect(rowOf('Ada Lovelace').queryByText('Disagreement')).not.toBeInTheDocument();
  expect(rowOf('Ada Lovelace').queryByRole('button', { name: /Add a reviewer/ })).not.toBeInTheDocument();

  await userEvent.click(screen.getByText('Disagreement', { selector: '.ant-segmented-item-label' }));

  await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
  expect(screen.getByText('1 role application with disagreement')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('?filter=disagreement');
});

test("'Add a reviewer' POSTs for the flagged row and names who was assigned", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ assessmentId: 'a-1', staffId: 'alan-uid', staffName: 'Alan Turing' }));
  renderDor(ALL, { ...base, [`POST /admin/rows/${OTHER_RESPONSE_ID}/engineer/add-reviewer`]: post });
  await screen.findByRole('link', { name: 'Bo Chen' });

  await userEvent.click(rowOf('Bo Chen').getByRole('button', { name: 'Add a reviewer for Bo Chen' }));

  await waitFor(() => expect(post).toHaveBeenCalledWith({}));
  await waitFor(() => expect(success).toHaveBeenCalledWith('Alan Turing was assigned a review'));
});

test("once decisions are released, 'Add a reviewer' is disabled", async () => {
  renderDor(ALL, { ...base, [`GET /forms/${FORM_ID}`]: answer({ ...FORM, decisionsReleased: true }) });
  await screen.findByRole('link', { name: 'Bo Chen' });
  expect(rowOf('Bo Chen').getByRole('button', { name: 'Add a reviewer for Bo Chen' })).toBeDisabled();
});

test("'Add a reviewer' is disabled on a decided row, before the release too", async () => {
  const decided = { ...FLAGGED, decision: 'denied' as const, final: true };
  renderDor(ALL, { ...base, [FIRST_PAGE]: answer(page([row(), decided])) });
  await screen.findByRole('link', { name: 'Bo Chen' });
  expect(rowOf('Bo Chen').getByText('Disagreement')).toBeInTheDocument();
  expect(rowOf('Bo Chen').getByRole('button', { name: 'Add a reviewer for Bo Chen' })).toBeDisabled();
});
