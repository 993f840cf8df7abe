import { waitFor } from '@testing-library/react';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, RESPONSE_ID } from '../features/common/testing/fixtures';
import { renderApplicantApp } from '../features/common/testing/render-applicant-app';
import ApplicantRoutes from './routes';

/** Pages whose code never finishes arriving: what the route asks for meanwhile is its own doing. */
const arriving = () => {
  throw new Promise(() => undefined);
};
jest.mock('../features/decision/decision-page', () => ({ __esModule: true, default: arriving }));
jest.mock('../features/editor/editor-page', () => ({ __esModule: true, default: arriving }));
jest.mock('../features/interview/interview-page', () => ({ __esModule: true, default: arriving }));

const DECISION = `/responses/${RESPONSE_ID}/decisions/engineer`;

test('the decision route asks for the decision while the page is still loading, not after', async () => {
  const { request } = renderApplicantApp(ApplicantRoutes, {
    path: `/apply/decision/${RESPONSE_ID}/engineer`,
    routes: { [`GET ${DECISION}`]: answer({ role: 'engineer', decision: 'accepted', offer: null }) },
  });

  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', DECISION));
});

test('the interview route asks for the interview slots while the page is still loading', async () => {
  const { request } = renderApplicantApp(ApplicantRoutes, {
    path: '/apply/interview/spring-2025',
    routes: { 'GET /interviews/spring-2025': answer({ invited: false, slots: [] }) },
  });

  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/interviews/spring-2025'));
});

test("the editor route asks for the form while the page is still loading, once the session says it's an applicant", async () => {
  const { request } = renderApplicantApp(ApplicantRoutes, {
    path: '/apply/f/spring-2025/about-you',
    routes: { 'GET /forms/spring-2025': answer(FORM) },
  });

  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/forms/spring-2025'));
  expect(request.mock.calls[0]).toEqual(['GET', '/session']);
});

test('a reviewer on an applying route gets nothing asked for beyond the session', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { request } = renderApplicantApp(ApplicantRoutes, {
    path: '/apply/f/spring-2025/about-you',
    routes: {},
    role: 'reviewer',
  });

  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/session'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(request).toHaveBeenCalledTimes(1);
});
