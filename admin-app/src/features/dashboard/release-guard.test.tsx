import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DenialCandidate } from '@portal/shared/domain/rules/application-row';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import { answer, apiRefusal } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const rowsPath = (extra = '') => `GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc${extra}&limit=25`;
const COUNTS = { rows: 3, applicants: 2, unqualifiedRows: 2 };
const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [rowsPath()]: answer(page([row(), row({ responseId: OTHER_RESPONSE_ID, applicantName: 'Bo Chen', final: true })])),
  [rowsPath('&filter=undecided')]: answer(page([row()], null, 1)),
  [`GET /admin/forms/${FORM_ID}/undecided`]: answer(COUNTS),
};
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

test('a refused release says how many role applications and applicants, and links to exactly those rows', async () => {
  const message = STAFF_MESSAGES.undecided(3, 2);
  const { request } = renderDor(ALL, {
    ...base,
    [`POST /admin/forms/${FORM_ID}/release`]: () => {
      throw apiRefusal('undecided', message, COUNTS);
    },
  });
  await screen.findByRole('link', { name: 'Bo Chen' });

  await userEvent.click(screen.getByRole('button', { name: 'Release decisions' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Release' }));

  expect(
    await screen.findByText('Decisions cannot be released while 3 role applications from 2 applicants are undecided'),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Show the undecided applications' }));

  await waitFor(() => expect(screen.queryByRole('link', { name: 'Bo Chen' })).not.toBeInTheDocument());
  expect(request.mock.calls.map(([method, path]) => `${method} ${path}`)).toContain(rowsPath('&filter=undecided'));
  expect(screen.getByText('1 undecided role application')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`${ALL}?filter=undecided`);
});

test('the All tab decides a row, as the Qualified tab does', async () => {
  const put = jest.fn(() => row({ decision: 'denied', final: true }));
  renderDor(ALL, { ...base, [`PUT /admin/rows/${RESPONSE_ID}/engineer/decision`]: put });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('combobox', { name: 'Decision' }));
  await userEvent.click(await screen.findByTitle('Denied'));

  await waitFor(() => expect(put).toHaveBeenCalledWith({ decision: 'denied' }));
});

const candidate = (
  responseId: string,
  applicantName: string,
  holds: DenialCandidate['holds'] = [],
  reviews: [number, number] = [2, 2],
): DenialCandidate => ({
  responseId,
  role: 'engineer',
  applicantName,
  reviewsDone: reviews[0],
  reviewsAssigned: reviews[1],
  holds,
});

test('"Deny undecided, unqualified…" lists the rows it denies and denies them once confirmed', async () => {
  const deny = jest.fn(() => ({ denied: 2, held: 0 }));
  renderDor(ALL, {
    ...base,
    [`GET /admin/forms/${FORM_ID}/undecided/unqualified`]: answer({
      items: [candidate(RESPONSE_ID, 'Ada Lovelace'), candidate(OTHER_RESPONSE_ID, 'Bo Chen', [], [0, 0])],
    }),
    [`POST /admin/forms/${FORM_ID}/deny-undecided-unqualified`]: deny,
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(screen.getByRole('button', { name: 'Deny undecided, unqualified…' }));
  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByText(/^2 role applications without a decision and not marked qualified/),
  ).toBeInTheDocument();
  expect(
    within(within(dialog).getByRole('list', { name: 'Denied' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Ada Lovelace, Engineer', 'Bo Chen, Engineer']);
  expect(deny).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Deny 2 role applications' }));

  await waitFor(() => expect(deny).toHaveBeenCalledWith({}));
});

test('"Deny undecided, unqualified…" leaves out rows with open reviews or a disagreement unless ticked', async () => {
  const deny = jest.fn(() => ({ denied: 2, held: 1 }));
  const THIRD = '33333333-3333-4333-8333-333333333333';
  renderDor(ALL, {
    ...base,
    [`GET /admin/forms/${FORM_ID}/undecided/unqualified`]: answer({
      items: [
        candidate(RESPONSE_ID, 'Ada Lovelace', ['open-reviews'], [0, 2]),
        candidate(OTHER_RESPONSE_ID, 'Bo Chen', ['disagreement']),
        candidate(THIRD, 'Cy Dunn'),
      ],
    }),
    [`POST /admin/forms/${FORM_ID}/deny-undecided-unqualified`]: deny,
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(screen.getByRole('button', { name: 'Deny undecided, unqualified…' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(
    await dialog.findByText(/^1 role application without a decision and not marked qualified/),
  ).toBeInTheDocument();
  expect(
    dialog.getByText(
      '2 role applications left out: 1 with reviews still open, 1 where the reviewers disagree. Tick one to deny it anyway:',
    ),
  ).toBeInTheDocument();
  const ada = dialog.getByRole('checkbox', { name: 'Ada Lovelace, Engineer: 0 of 2 reviews submitted' });
  expect(dialog.getByRole('checkbox', { name: 'Bo Chen, Engineer: the reviewers disagree' })).not.toBeChecked();
  expect(dialog.getByRole('button', { name: 'Deny 1 role application' })).toBeEnabled();

  await userEvent.click(ada);
  await userEvent.click(dialog.getByRole('button', { name: 'Deny 2 role applications' }));

  await waitFor(() => expect(deny).toHaveBeenCalledWith({ include: [{ responseId: RESPONSE_ID, role: 'engineer' }] }));
});
