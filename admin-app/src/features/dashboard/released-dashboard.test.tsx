import { screen, waitFor, within } from '@testing-library/react';
import type { ReleaseProgress } from '@portal/shared/domain/schemas/release-schedule';
import { answer, jobProgress } from '@portal/jest-support/fake-api';
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
  [`GET /admin/forms/${FORM_ID}/release/progress`]: answer({ state: 'done', processed: 1, total: 1 }),
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

test("while a large release's emails are still being written, the dashboard shows how far, until they are", async () => {
  const progress = jobProgress<ReleaseProgress>(
    { state: 'writing', processed: 1200, total: 5000 },
    { state: 'done', processed: 5000, total: 5000 },
  );
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base,
    [rowsPath('all')]: answer(page([row()])),
    [`GET /admin/forms/${FORM_ID}/release/progress`]: progress.handler,
  });
  expect(await screen.findByText(/1,200 of 5,000 applicants' emails written/)).toBeInTheDocument();
  expect(await screen.findByRole('progressbar', { name: 'Decision emails written' })).toHaveAttribute(
    'aria-valuenow',
    '24',
  );
  // Asked again a second later: done, and the notice goes; once done, the page asks no more.
  progress.finish();
  await waitFor(() => expect(screen.queryByText(/emails written/)).not.toBeInTheDocument(), { timeout: 3000 });
  expect(progress.answered.filter((state) => state === 'done')).toHaveLength(1);
  expect(progress.answered.at(-1)).toBe('done');
});
