import { screen, within } from '@testing-library/react';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';
import { RELEASED_READ_ONLY } from '../../lib/released-notice';

jest.setTimeout(30_000);

const RELEASED = { ...FORM, decisionsReleased: true };
const rowsPath = (tab: string) => `GET /admin/forms/${FORM_ID}/rows?tab=${tab}&sort=submittedAt&dir=desc&limit=25`;
const base = {
  [`GET /forms/${FORM_ID}`]: answer(RELEASED),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
};
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

test('after release the All tab is read-only and says decisions have been released', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, { ...base, [rowsPath('all')]: answer(page([row()])) });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  expect(await screen.findByText(RELEASED_READ_ONLY)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Decisions released' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Release decisions' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Auto-assign' })).toBeDisabled();
  const cells = within(rowOf('Ada Lovelace'));
  expect(cells.getByRole('switch', { name: 'Qualified' })).toBeDisabled();
  // Nothing is assigned after release: the pickers' column is gone.
  expect(screen.queryByRole('columnheader', { name: 'Assign reviewers' })).not.toBeInTheDocument();
  expect(cells.queryByRole('combobox', { name: 'Reviewer' })).not.toBeInTheDocument();
});

test('after release the Qualified tab disables the decision select and has no interviewer picker', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base,
    [rowsPath('qualified')]: answer(page([row({ qualified: true, decision: 'accepted', final: true })])),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  expect(await screen.findByText(RELEASED_READ_ONLY)).toBeInTheDocument();
  const cells = within(rowOf('Ada Lovelace'));
  expect(cells.getByRole('combobox', { name: 'Decision' })).toBeDisabled();
  expect(screen.queryByRole('columnheader', { name: 'Assign interviewer' })).not.toBeInTheDocument();
  expect(cells.queryByRole('combobox', { name: 'Interviewer' })).not.toBeInTheDocument();
});
