import { screen } from '@testing-library/react';
import type { ApplicantInterviews } from '@portal/shared/domain/schemas/interview-slots';
import ApplicantRoutes from '../../app/routes';
import { answer } from '@portal/jest-support/fake-api';
import { renderApplicantApp } from '../common/testing/render-applicant-app';

const PATH = '/interviews/spring-2025';
const SLOT = {
  id: 'slot-1',
  startsAt: '2026-03-09T13:30:00.000Z',
  minutes: 30,
  place: 'Room 101',
  interviewerNames: ['Rita Tester'],
  seatsLeft: 0,
};

function renderReleased(state: Partial<ApplicantInterviews>) {
  const released: ApplicantInterviews = {
    invited: true,
    timeZone: 'America/New_York',
    cutoffHours: 24,
    released: true,
    booking: null,
    slots: [],
    ...state,
  };
  return renderApplicantApp(ApplicantRoutes, {
    path: '/apply/interview/spring-2025',
    routes: { [`GET ${PATH}`]: answer(released) },
  });
}

test('after the release, an interview is no longer bookable, movable or cancellable, and the page says why', async () => {
  renderReleased({ booking: SLOT });
  expect(await screen.findByText('Decisions have been released: interviews are closed.')).toBeInTheDocument();
  expect(screen.getByText(/Your interview was on Mar 9, 2026/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel interview|Move here|Book/ })).not.toBeInTheDocument();
  expect(screen.queryByText('Available times')).not.toBeInTheDocument();
});

test('after the release, an applicant whose interview was cancelled by it is told so', async () => {
  renderReleased({});
  expect(await screen.findByText('Decisions have been released: interviews are closed.')).toBeInTheDocument();
  expect(screen.getByText(/An interview that had not taken place was cancelled/)).toBeInTheDocument();
  expect(screen.queryByText('Available times')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Book/ })).not.toBeInTheDocument();
});
