import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import type { ReleaseSchedule } from '@portal/shared/domain/schemas/release-schedule';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const rowsPath = `GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`;
const SCHEDULE = `/admin/forms/${FORM_ID}/release/schedule`;
const base = {
  [`GET /forms/${FORM_ID}`]: answer({ ...FORM, timeZone: 'America/New_York' }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [rowsPath]: answer(page([row()])),
  [`GET /admin/forms/${FORM_ID}/offers`]: answer({ items: [] }),
};
const scheduled = (overrides: Partial<ReleaseSchedule> = {}): ReleaseSchedule => ({
  formId: FORM_ID,
  at: '2099-11-01T05:30:00.000Z',
  state: 'scheduled',
  reason: null,
  scheduledById: 'dora',
  scheduledByName: 'Dora Director',
  updatedAt: '2099-01-01T00:00:00.000Z',
  ...overrides,
});

test('a time entered in the chapter zone is sent in UTC (the first 01:30 of a fall-back night is EDT) and shown with its zone', async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [`GET ${SCHEDULE}`]: answer({ schedule: null }),
    [`PUT ${SCHEDULE}`]: answer({ schedule: scheduled() }),
  });
  const card = await screen.findByRole('region', { name: 'Scheduled release' });
  expect(await within(card).findByText(/No release is scheduled/)).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Pick a time' }));
  const input = await within(card).findByLabelText('Release on (Eastern Time)');
  await userEvent.type(input, '2099-11-01T01:30');
  await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
  await waitFor(() =>
    expect(request).toHaveBeenCalledWith('PUT', SCHEDULE, { body: { at: '2099-11-01T05:30:00.000Z' } }),
  );
});

test('with nothing scheduled the card is one line: the time field opens on "Pick a time" and closes again', async () => {
  renderDor(ALL, { ...base, [`GET ${SCHEDULE}`]: answer({ schedule: null }) });
  const card = await screen.findByRole('region', { name: 'Scheduled release' });
  await within(card).findByText(/No release is scheduled/);
  expect(within(card).queryByLabelText('Release on (Eastern Time)')).not.toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Dry run' })).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Pick a time' }));
  expect(await within(card).findByLabelText('Release on (Eastern Time)')).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Pick a time' })).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Close' }));
  expect(within(card).queryByLabelText('Release on (Eastern Time)')).not.toBeInTheDocument();
});

test('a scheduled release shows its time with the zone, and can be cancelled', async () => {
  const { request } = renderDor(ALL, {
    ...base,
    [`GET ${SCHEDULE}`]: answer({ schedule: scheduled() }),
    [`DELETE ${SCHEDULE}`]: answer(null),
  });
  const card = await screen.findByRole('region', { name: 'Scheduled release' });
  expect(await within(card).findByText('Nov 1, 2099, 1:30 AM EDT')).toBeInTheDocument();
  expect(await within(card).findByLabelText('Move the release to (Eastern Time)')).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel the release' }));
  await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', SCHEDULE));
});

test('a scheduled release that failed its check says why', async () => {
  const reason = STAFF_MESSAGES.undecided(3, 2);
  renderDor(ALL, { ...base, [`GET ${SCHEDULE}`]: answer({ schedule: scheduled({ state: 'failed', reason }) }) });
  expect(
    await screen.findByText('The release scheduled for Nov 1, 2099, 1:30 AM EDT did not happen'),
  ).toBeInTheDocument();
  expect(screen.getByText(new RegExp(`^${reason}\\. Nothing was released`))).toBeInTheDocument();
  // The time field is open, to schedule it again.
  expect(await screen.findByLabelText('Release on (Eastern Time)')).toBeInTheDocument();
});

test('the dry run says whether the release could happen now and how many emails of each kind it sends', async () => {
  renderDor(ALL, {
    ...base,
    [`GET ${SCHEDULE}`]: answer({ schedule: null }),
    [`GET /admin/forms/${FORM_ID}/release/dry-run`]: answer({
      guardPasses: false,
      released: false,
      undecided: { rows: 3, applicants: 2, unqualifiedRows: 1 },
      messages: { decisionReleased: 7 },
    }),
  });
  const card = await screen.findByRole('region', { name: 'Scheduled release' });
  await userEvent.click(await within(card).findByRole('button', { name: 'Dry run' }));
  expect(await within(card).findByText('No: 3 undecided role applications from 2 applicants')).toBeInTheDocument();
  expect(within(card).getByText('Decision released emails').closest('tr')).toHaveTextContent('7');
});
