import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTERVIEW_MESSAGES, type ApplicantInterviews, type ApplicantSlotView } from '@portal/shared/domain';
import ApplicantRoutes from '../../app/routes';
import { answer, apiRefusal, fail } from '@portal/jest-support/fake-api';
import { myApplication } from '../common/testing/fixtures';
import { renderApplicantApp } from '../common/testing/render-applicant-app';

const SLOT: ApplicantSlotView = {
  id: 'slot-1',
  // 9:30 in New York, the day after spring forward (EDT).
  startsAt: '2026-03-09T13:30:00.000Z',
  minutes: 30,
  place: 'Room 101',
  interviewerNames: ['Rita Tester'],
  seatsLeft: 1,
};
const LATER: ApplicantSlotView = {
  ...SLOT,
  id: 'slot-2',
  startsAt: '2026-03-10T13:30:00.000Z',
  place: 'https://meet.example.com/x',
};
const INVITED: ApplicantInterviews = {
  invited: true,
  timeZone: 'America/New_York',
  cutoffHours: 24,
  booking: null,
  slots: [SLOT, LATER],
};
const PATH = '/interviews/spring-2025';

function renderPage(routes: Parameters<typeof renderApplicantApp>[1]['routes']) {
  return renderApplicantApp(ApplicantRoutes, {
    path: '/apply/interview/spring-2025',
    routes,
    timeZone: 'Europe/Berlin',
  });
}

test("an invited applicant sees the open times in the form's zone, zone named, and books one", async () => {
  const booked = jest.fn(() => ({ ...INVITED, booking: { ...SLOT, seatsLeft: 0 }, slots: [LATER] }));
  const { request } = renderPage({ [`GET ${PATH}`]: answer(INVITED), [`PUT ${PATH}/booking`]: booked });
  expect(await screen.findByText('Mar 9, 2026, 9:30 AM EDT')).toBeInTheDocument();
  expect(screen.getByText('Times are in America/New_York.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Book Mar 9, 2026, 9:30 AM EDT' }));
  expect(request).toHaveBeenCalledWith('PUT', `${PATH}/booking`, { body: { slotId: 'slot-1' } });
  const booking = await screen.findByText('Room 101', { exact: false });
  expect(booking.closest('.ant-card')).toHaveTextContent('Your booking');
  expect(screen.getByRole('button', { name: 'Move to Mar 10, 2026, 9:30 AM EDT' })).toBeInTheDocument();
});

test('a refused booking shows the server message (the seat just taken)', async () => {
  renderPage({
    [`GET ${PATH}`]: answer(INVITED),
    [`PUT ${PATH}/booking`]: fail(apiRefusal('slot-full', INTERVIEW_MESSAGES.slotFull)),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Book Mar 9, 2026, 9:30 AM EDT' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INTERVIEW_MESSAGES.slotFull);
});

test('a booked applicant cancels, and a refusal past the cut-off is shown', async () => {
  const state = { ...INVITED, booking: SLOT, slots: [LATER] };
  renderPage({
    [`GET ${PATH}`]: answer(state),
    [`DELETE ${PATH}/booking`]: fail(apiRefusal('past-cutoff', INTERVIEW_MESSAGES.pastCutoff(24))),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel interview' }));
  // The confirmation's own button.
  await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Cancel interview' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INTERVIEW_MESSAGES.pastCutoff(24));
});

test('an applicant not invited is told so, with nothing to book', async () => {
  renderPage({ [`GET ${PATH}`]: answer({ invited: false, cutoffHours: 24, booking: null, slots: [] }) });
  expect(await screen.findByText('You have not been invited to interview.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Book/ })).not.toBeInTheDocument();
});

test('the status page shows the booked interview with its zone, and a link to move or cancel it', async () => {
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: {
      'GET /responses/mine': answer({ items: [myApplication()] }),
      [`GET ${PATH}`]: answer({ ...INVITED, booking: SLOT, slots: [] }),
    },
  });
  expect(await screen.findByText('Interview: Mar 9, 2026, 9:30 AM EDT')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Move or cancel your interview' })).toHaveAttribute(
    'href',
    '/apply/interview/spring-2025',
  );
});

test('the status page invites an invited applicant without a booking to book', async () => {
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: {
      'GET /responses/mine': answer({ items: [myApplication()] }),
      [`GET ${PATH}`]: answer(INVITED),
    },
  });
  expect(await screen.findByRole('link', { name: 'Book an interview time' })).toBeInTheDocument();
});
