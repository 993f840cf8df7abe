import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { INTERVIEW_MESSAGES, type InterviewSlot } from '@portal/shared/domain/schemas/interview-slots';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const SLOTS = `/admin/forms/${FORM_ID}/interview-slots`;
const NEW_YORK = { ...FORM, timeZone: 'America/New_York' };

const SLOT: InterviewSlot = {
  id: 'slot-1',
  formId: FORM_ID,
  startsAt: '2026-11-02T14:30:00.000Z',
  minutes: 30,
  place: 'Room 101',
  interviewerIds: ['grace-uid'],
  interviewerNames: ['Grace Hopper'],
  capacity: 2,
  bookings: [],
  createdAt: '2026-10-01T00:00:00.000Z',
};

function renderSlots(routes: Record<string, (body: unknown) => unknown>) {
  return renderDor(`/admin/dor/interview-slots/${FORM_ID}`, {
    [`GET /forms/${FORM_ID}`]: answer(NEW_YORK),
    [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
    ...routes,
  });
}

test('says there are no slots yet, and publishes one entered in the chapter zone as UTC', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const publish = jest.fn((body: unknown) => ({ ...SLOT, ...(body as object) }));
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [] }), [`POST ${SLOTS}`]: publish });
  expect(await screen.findByText(/No interview slots yet/)).toBeInTheDocument();
  expect(screen.getByText(/times in Eastern Time/)).toBeInTheDocument();
  // The day after the fall-back change: 9:30 EST is 14:30 UTC.
  fireEvent.change(screen.getByLabelText('Starts (Eastern Time)'), { target: { value: '2026-11-02T09:30' } });
  await userEvent.type(screen.getByLabelText('Place or video link'), 'Room 101');
  await userEvent.click(screen.getByLabelText('Interviewers'));
  await userEvent.click(await screen.findByTitle('Grace Hopper'));
  await userEvent.click(screen.getByRole('button', { name: 'Publish slot' }));
  await waitFor(() => expect(publish).toHaveBeenCalled());
  expect(publish).toHaveBeenCalledWith({
    startsAt: '2026-11-02T14:30:00.000Z',
    minutes: 30,
    place: 'Room 101',
    interviewerIds: ['grace-uid'],
    capacity: 1,
  });
});

test("shows the server's 400 under the field it names", async () => {
  renderSlots({
    [`GET ${SLOTS}`]: answer({ items: [] }),
    [`POST ${SLOTS}`]: fail(
      Object.assign(apiError(400, 'invalid-request', 'Invalid interview slot'), {
        responseData: {
          error: {
            code: 'invalid-request',
            message: 'Invalid interview slot',
            details: [{ path: 'startsAt', message: INTERVIEW_MESSAGES.startsInPast }],
          },
        },
      }),
    ),
  });
  fireEvent.change(await screen.findByLabelText('Starts (Eastern Time)'), {
    target: { value: '2020-01-01T09:00' },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Publish slot' }));
  expect(await screen.findByText(INTERVIEW_MESSAGES.startsInPast)).toBeInTheDocument();
});

test('refuses to send without a start', async () => {
  const publish = jest.fn();
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [] }), [`POST ${SLOTS}`]: publish });
  await userEvent.click(await screen.findByRole('button', { name: 'Publish slot' }));
  expect(await screen.findByText('Enter the date and time the interview starts')).toBeInTheDocument();
  expect(publish).not.toHaveBeenCalled();
});

test('lists slots with their zone, seats taken and who booked; only an unbooked slot can be deleted', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const booked: InterviewSlot = {
    ...SLOT,
    id: 'slot-2',
    startsAt: '2026-11-03T15:00:00.000Z',
    bookings: [{ userId: 'ada', responseId: 'r-ada', applicantName: 'Ada Lovelace', bookedAt: SLOT.createdAt }],
  };
  const remove = jest.fn(() => null);
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [SLOT, booked] }), [`DELETE ${SLOTS}/slot-1`]: remove });
  const open = (await screen.findByText('Nov 2, 2026, 9:30 AM EST')).closest('li') as HTMLElement;
  const full = screen.getByText('Nov 3, 2026, 10:00 AM EST').closest('li') as HTMLElement;
  expect(within(open).getByText('0 of 2 seats taken')).toBeInTheDocument();
  expect(within(full).getByText('1 of 2 seats taken')).toBeInTheDocument();
  expect(within(full).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(within(full).queryByRole('button', { name: 'Delete slot' })).not.toBeInTheDocument();
  await userEvent.click(within(open).getByRole('button', { name: 'Delete slot' }));
  await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenCalled());
});

test('after publishing, the form starts empty: choosing the same interviewer again chooses them', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const publish = jest.fn((body: unknown) => ({ ...SLOT, ...(body as object) }));
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [] }), [`POST ${SLOTS}`]: publish });
  const fill = async (start: string) => {
    fireEvent.change(await screen.findByLabelText('Starts (Eastern Time)'), { target: { value: start } });
    await userEvent.type(screen.getByLabelText('Place or video link'), 'Room 101');
    await userEvent.click(screen.getByLabelText('Interviewers'));
    await userEvent.click(await screen.findByTitle('Grace Hopper'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish slot' }));
  };
  await fill('2026-11-02T09:30');
  await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.getByLabelText('Place or video link')).toHaveValue(''));
  expect(screen.getByLabelText('Starts (Eastern Time)')).toHaveValue('');

  await fill('2026-11-02T10:30');
  await waitFor(() => expect(publish).toHaveBeenCalledTimes(2));
  expect(publish).toHaveBeenLastCalledWith(
    expect.objectContaining({ startsAt: '2026-11-02T15:30:00.000Z', interviewerIds: ['grace-uid'] }),
  );
});

test('publishes a series over one day: a length, a gap, and the time the last slot ends by', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const series = jest.fn(() => ({ items: [SLOT, SLOT, SLOT] }));
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [] }), [`POST ${SLOTS}/series`]: series });
  fireEvent.change(await screen.findByLabelText('Starts (Eastern Time)'), {
    target: { value: '2026-11-02T09:00' },
  });
  await userEvent.click(screen.getByRole('checkbox', { name: 'Make a series that day' }));
  fireEvent.change(screen.getByLabelText('Last slot ends by'), { target: { value: '11:00' } });
  await userEvent.type(screen.getByLabelText('Place or video link'), 'Room 7');
  await userEvent.click(screen.getByLabelText('Interviewers'));
  await userEvent.click(await screen.findByTitle('Grace Hopper'));
  // 30 minutes, 10 apart: 9:00, 9:40, 10:20 (the next would end at 11:30).
  await userEvent.click(screen.getByRole('button', { name: 'Publish 3 slots' }));
  await waitFor(() =>
    expect(series).toHaveBeenCalledWith({
      startsAt: '2026-11-02T14:00:00.000Z',
      endsAt: '2026-11-02T16:00:00.000Z',
      gapMinutes: 10,
      minutes: 30,
      place: 'Room 7',
      interviewerIds: ['grace-uid'],
      capacity: 1,
    }),
  );
});

test('edits a booked slot in place, saying those who booked it will be told', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const booked: InterviewSlot = {
    ...SLOT,
    bookings: [{ userId: 'ada', responseId: 'r-ada', applicantName: 'Ada Lovelace', bookedAt: SLOT.createdAt }],
  };
  const put = jest.fn((body: unknown) => ({ ...booked, ...(body as object) }));
  renderSlots({ [`GET ${SLOTS}`]: answer({ items: [booked] }), [`PUT ${SLOTS}/slot-1`]: put });
  const item = (await screen.findByText('Nov 2, 2026, 9:30 AM EST')).closest('li') as HTMLElement;
  expect(within(item).queryByRole('button', { name: 'Delete slot' })).not.toBeInTheDocument();
  await userEvent.click(within(item).getByRole('button', { name: /^Edit the slot of/ }));

  const form = screen.getByRole('listitem', { name: /^Change the slot of/ });
  expect(within(form).getByText(/1 applicant booked this slot/)).toBeInTheDocument();
  expect(within(form).getByLabelText('Starts (Eastern Time)')).toHaveValue('2026-11-02T09:30');
  const place = within(form).getByLabelText('Place or video link');
  await userEvent.clear(place);
  await userEvent.type(place, 'Room 202');
  await userEvent.click(within(form).getByRole('button', { name: 'Save slot' }));
  await waitFor(() =>
    expect(put).toHaveBeenCalledWith({
      startsAt: '2026-11-02T14:30:00.000Z',
      minutes: 30,
      place: 'Room 202',
      interviewerIds: ['grace-uid'],
      capacity: 2,
    }),
  );
});
