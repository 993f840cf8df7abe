import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INTERVIEW_MESSAGES,
  type ApplicantInterviews,
  type ApplicantSlotView,
} from '@portal/shared/domain/schemas/interview-slots';
import { formatDateTimeForReader } from '@portal/shared/ui';
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
/** A slot's time as the page shows it: New York's, named in words, and the reader's own beside it when elsewhere. */
const when = (slot: ApplicantSlotView) => formatDateTimeForReader(slot.startsAt, 'America/New_York');

/** The reader's browser is in this zone (what `Intl` reports as the default). */
function readerIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
}

afterEach(() => jest.restoreAllMocks());

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
  expect(when(SLOT)).toMatch(/^Mar 9, 2026, 9:30\sAM Eastern Time/);
  expect(await screen.findByText(when(SLOT))).toBeInTheDocument();
  expect(screen.getByText('Times are in Eastern Time.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: `Book: ${when(SLOT)}` }));
  expect(request).toHaveBeenCalledWith('PUT', `${PATH}/booking`, { body: { slotId: 'slot-1' } });
  const booking = await screen.findByText('Room 101', { exact: false });
  expect(booking.closest('.ant-card')).toHaveTextContent('Your booking');
  expect(screen.getByRole('button', { name: `Move here: ${when(LATER)}` })).toBeInTheDocument();
});

test('each button\'s accessible name starts with the words it shows (WCAG 2.5.3): "Move here", "Book"', async () => {
  renderPage({ [`GET ${PATH}`]: answer({ ...INVITED, booking: SLOT, slots: [LATER] }) });
  const move = await screen.findByRole('button', { name: /^Move here/ });
  expect(move).toHaveTextContent('Move here');
  expect(move.getAttribute('aria-label')).toBe(`Move here: ${when(LATER)}`);
});

test("times name the zone in words, never its id, and add the reader's own time when they are elsewhere", async () => {
  readerIn('Asia/Tokyo');
  renderPage({ [`GET ${PATH}`]: answer(INVITED) });

  expect(
    await screen.findByText('Mar 9, 2026, 9:30 AM Eastern Time (your time: 10:30 PM Japan Standard Time)'),
  ).toBeInTheDocument();
  expect(screen.getByText('Times are in Eastern Time.')).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('America/New_York');
});

test('a reader in the zone shown gets the time once', async () => {
  readerIn('America/New_York');
  renderPage({ [`GET ${PATH}`]: answer(INVITED) });

  expect(await screen.findByText('Mar 9, 2026, 9:30 AM Eastern Time')).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('your time');
});

test("a video call's address is a link that opens it; a room is text", async () => {
  renderPage({ [`GET ${PATH}`]: answer({ ...INVITED, booking: LATER, slots: [SLOT] }) });

  const link = await screen.findByRole('link', { name: 'https://meet.example.com/x' });
  expect(link).toHaveAttribute('href', 'https://meet.example.com/x');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(screen.queryByRole('link', { name: /Room 101/ })).not.toBeInTheDocument();
  expect(screen.getByText('Room 101', { exact: false })).toBeInTheDocument();
});

test('a refused booking shows the server message (the seat just taken)', async () => {
  renderPage({
    [`GET ${PATH}`]: answer(INVITED),
    [`PUT ${PATH}/booking`]: fail(apiRefusal('slot-full', INTERVIEW_MESSAGES.slotFull)),
  });
  await userEvent.click(await screen.findByRole('button', { name: `Book: ${when(SLOT)}` }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INTERVIEW_MESSAGES.slotFull);
});

test('the page has one top-level heading', async () => {
  renderPage({ [`GET ${PATH}`]: answer(INVITED) });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your interview' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
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
  expect(await screen.findByText(`Interview: ${when(SLOT)}`)).toBeInTheDocument();
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
