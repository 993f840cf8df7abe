import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const QUALIFIED = `/admin/dor/dashboard/${FORM_ID}/qualified`;
const FIRST_PAGE = `GET /admin/forms/${FORM_ID}/rows?tab=qualified&sort=submittedAt&dir=desc&limit=25`;
const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
};
const QUALIFIED_ROW = row({
  qualified: true,
  decision: 'interview',
  reviewsDone: 2,
  interviewsAssigned: 1,
  interviewsDone: 1,
  interviewScore: 2.5,
});
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

test('shows the qualified rows: scores, interviews and the decision', async () => {
  renderDor(QUALIFIED, { ...base, [FIRST_PAGE]: answer(page([QUALIFIED_ROW])) });

  const cells = within(rowOf(await screen.findByRole('link', { name: 'Ada Lovelace' }).then(() => 'Ada Lovelace')));
  expect(cells.getByText('3.46')).toBeInTheDocument();
  expect(cells.getByText('2.50')).toBeInTheDocument();
  expect(cells.getByRole('link', { name: '1/1' })).toHaveAttribute('href', `/admin/dor/interviews/${RESPONSE_ID}`);
  expect(cells.getByRole('combobox', { name: 'Decision' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Qualified', selected: true })).toBeInTheDocument();
});

test("an empty tab reads 'No qualified applications yet.'", async () => {
  renderDor(QUALIFIED, { ...base, [FIRST_PAGE]: answer(page([])) });

  expect(await screen.findByText('No qualified applications yet.')).toBeInTheDocument();
});

test('choosing a decision PUTs it for that response and role', async () => {
  const put = jest.fn(() => row({ decision: 'waitlist', final: true }));
  renderDor(QUALIFIED, {
    ...base,
    [FIRST_PAGE]: answer(page([QUALIFIED_ROW])),
    [`PUT /admin/rows/${RESPONSE_ID}/engineer/decision`]: put,
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('combobox', { name: 'Decision' }));
  await userEvent.click(await screen.findByTitle('Waitlist'));

  await waitFor(() => expect(put).toHaveBeenCalledWith({ decision: 'waitlist' }));
});

test("choosing an interviewer and 'Assign' POSTs the interview assignment", async () => {
  const post = jest.fn(() => ({ created: [] }));
  renderDor(QUALIFIED, { ...base, [FIRST_PAGE]: answer(page([QUALIFIED_ROW])), 'POST /admin/assignments': post });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  const cells = within(rowOf('Ada Lovelace'));

  await userEvent.click(cells.getByRole('combobox', { name: 'Interviewer' }));
  await userEvent.click(await screen.findByTitle('Grace Hopper'));
  await userEvent.click(cells.getByRole('button', { name: 'Assign' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({
      kind: 'interview',
      assignments: [{ responseId: RESPONSE_ID, role: 'engineer', staffId: 'grace-uid' }],
    }),
  );
});

test('shows who booked which interview time, and who has not booked', async () => {
  const booked = {
    ...QUALIFIED_ROW,
    interviewBooking: {
      slotId: 'slot-1',
      startsAt: '2025-03-04T14:30:00.000Z',
      minutes: 45,
      interviewerNames: ['Grace Hopper', 'Alan Turing'],
    },
  };
  const other = row({
    responseId: 'other-response',
    applicantName: 'Bo Chen',
    qualified: true,
    decision: 'interview',
  });
  renderDor(QUALIFIED, { ...base, [FIRST_PAGE]: answer(page([booked, other])) });

  await screen.findByRole('link', { name: 'Ada Lovelace' });
  // In the Interviews column, under the interviews done of those assigned: no column of its own.
  expect(screen.queryByRole('columnheader', { name: 'Booked interview' })).not.toBeInTheDocument();
  const interviewsColumn = screen.getAllByRole('columnheader').findIndex((cell) => cell.textContent === 'Interviews');
  const ada = within(within(rowOf('Ada Lovelace')).getAllByRole('cell')[interviewsColumn]!);
  expect(ada.getByText('45 minutes with Grace Hopper, Alan Turing')).toBeInTheDocument();
  expect(
    ada.getByText(
      (_, element) =>
        element?.tagName === 'TIME' && element.getAttribute('datetime') === booked.interviewBooking.startsAt,
    ),
  ).toBeInTheDocument();
  expect(within(rowOf('Bo Chen')).getByText('Not booked')).toBeInTheDocument();
});
