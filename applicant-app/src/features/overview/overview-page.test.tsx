import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import ApplicantRoutes from '../../app/routes';
import { formatDueDate } from '../../lib/due-date';
import { answer, apiError, apiRefusal, fail } from '@portal/jest-support/fake-api';
import { FORM, myApplication, response } from '../common/testing/fixtures';
import { renderApplicantApp } from '../common/testing/render-applicant-app';
import type { Routes } from '@portal/jest-support/fake-api';

jest.mock('../editor/editor-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').EditorPageStub,
}));
jest.mock('../submit/submit-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').SubmitPageStub,
}));

function renderOverview(routes: Routes, role: 'applicant' | 'reviewer' | 'super-reviewer' = 'applicant') {
  return renderApplicantApp(ApplicantRoutes, {
    path: '/apply',
    role,
    routes: { 'GET /forms/active': answer(FORM), 'GET /responses/mine': answer({ items: [] }), ...routes },
  });
}

afterEach(() => jest.restoreAllMocks());

test('shows the active form: semester, description and the due date in local time with the zone name', async () => {
  renderOverview({});

  expect(await screen.findByText('Spring 2025 application')).toBeInTheDocument();
  expect(screen.getByText('Join us to build software for nonprofits.')).toBeInTheDocument();
  const due = formatDueDate(FORM.dueDate);
  expect(due).toMatch(/( Time|GMT[+-]\d{2}:\d{2})$/);
  expect(screen.getByText(due)).toBeInTheDocument();
});

test('the due date and the button come first; a long description follows them', async () => {
  const description = `${'A paragraph about the club and its projects. '.repeat(40)}\n\nThe last paragraph of the description.`;
  renderOverview({ 'GET /forms/active': answer({ ...FORM, description }) });

  const start = await screen.findByRole('button', { name: 'Start application' });
  const follows = (first: Node, second: Node) =>
    Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
  expect(follows(screen.getByText('Due:'), start)).toBe(true);
  expect(follows(start, await screen.findByText('The last paragraph of the description.'))).toBe(true);
  expect(follows(start, screen.getByText(/^A paragraph about the club/))).toBe(true);
});

describe("the due date in the chapter's time zone, naming it", () => {
  const due = '2025-03-01T04:59:00.000Z';

  test("the form's own time zone", async () => {
    renderOverview({ 'GET /forms/active': answer({ ...FORM, dueDate: due, timeZone: 'America/Los_Angeles' }) });

    expect(await screen.findByText(/^Feb 28, 2025, 8:59\sPM Pacific Time\b/)).toBeInTheDocument();
  });

  test("else the build's chapter time zone", async () => {
    renderApplicantApp(ApplicantRoutes, {
      path: '/apply',
      timeZone: 'Europe/Berlin',
      routes: {
        'GET /forms/active': answer({ ...FORM, dueDate: due }),
        'GET /responses/mine': answer({ items: [] }),
      },
    });

    expect(await screen.findByText(/^Mar 1, 2025, 5:59\sAM Central European Time\b/)).toBeInTheDocument();
  });
});

test("says 'No active form!' when there is none, with no start button", async () => {
  renderOverview({ 'GET /forms/active': fail(apiRefusal('no-active-form', 'No active form!')) });

  expect(await screen.findByText('No active form!')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Start application' })).not.toBeInTheDocument();
});

test('a failed form load shows the reason and tries again on request', async () => {
  const activeForm = jest
    .fn()
    .mockImplementationOnce(() => {
      throw apiError(500, 'internal', 'The server is having a bad day');
    })
    .mockReturnValue(FORM);
  renderOverview({ 'GET /forms/active': activeForm });

  expect(await screen.findByText('The application form could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The server is having a bad day')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByText('Spring 2025 application')).toBeInTheDocument();
  expect(activeForm).toHaveBeenCalledTimes(2);
});

test('start creates the response and opens the first section of the form', async () => {
  const start = jest.fn().mockReturnValue(response({ status: 'in-progress', rolesApplied: [] }));
  const { request } = renderOverview({ 'POST /responses': start });

  await userEvent.click(await screen.findByRole('button', { name: 'Start application' }));

  expect(await screen.findByText('Editor for spring-2025 at about-you')).toBeInTheDocument();
  expect(start).toHaveBeenCalledWith({ formId: 'spring-2025' });
  expect(request).toHaveBeenCalledWith('POST', '/responses', { body: { formId: 'spring-2025' } });
});

test('start opens the first section visible for the roles applied for', async () => {
  const form = { ...FORM, sections: [{ ...FORM.sections[2], forRoles: ['designer' as const] }, ...FORM.sections] };
  renderOverview({
    'GET /forms/active': answer(form),
    'POST /responses': answer(response({ status: 'in-progress', rolesApplied: ['engineer'] })),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Start application' }));

  expect(await screen.findByText('Editor for spring-2025 at about-you')).toBeInTheDocument();
});

test('a response in progress is continued', async () => {
  renderOverview({
    'GET /responses/mine': answer({ items: [myApplication({ response: { status: 'in-progress' } })] }),
    'POST /responses': answer(response({ status: 'in-progress' })),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Continue application' }));

  expect(await screen.findByText('Editor for spring-2025 at about-you')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Start application' })).not.toBeInTheDocument();
});

test('a submitted application leads to its status', async () => {
  const { request } = renderOverview({
    'GET /responses/mine': answer({ items: [myApplication()] }),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'View status' }));

  expect(await screen.findByRole('heading', { name: 'Application status' })).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('POST', '/responses', expect.anything());
});

test('a failed start says so and stays on the overview', async () => {
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  renderOverview({ 'POST /responses': fail(apiError(500, 'internal', 'Database unavailable')) });

  await userEvent.click(await screen.findByRole('button', { name: 'Start application' }));

  expect(error).toHaveBeenCalledWith('Could not open your application: Database unavailable');
  expect(screen.getByRole('button', { name: 'Start application' })).toBeInTheDocument();
});

test('after the deadline a new application cannot be started', async () => {
  renderOverview({ 'GET /forms/active': answer({ ...FORM, dueDate: '2020-01-01T00:00:00.000Z' }) });

  expect(await screen.findByText('The deadline for this application has passed')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Start application' })).not.toBeInTheDocument();
});

describe('after decisions are released', () => {
  const released = { ...FORM, decisionsReleased: true };

  test('a new applicant is not offered to start, and is told the application is closed', async () => {
    const { request } = renderOverview({ 'GET /forms/active': answer(released) });
    expect(await screen.findByText('This application is closed: decisions have been released')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start application' })).not.toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('POST', '/responses', expect.anything());
  });

  test('a draft cannot be continued', async () => {
    renderOverview({
      'GET /forms/active': answer(released),
      'GET /responses/mine': answer({
        items: [myApplication({ response: { status: 'in-progress' }, decisionsReleased: true })],
      }),
    });
    expect(await screen.findByText('This application is closed: decisions have been released')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue application' })).not.toBeInTheDocument();
  });
});

test("lists the applicant's applications with their status", async () => {
  renderOverview({
    'GET /responses/mine': answer({
      items: [
        myApplication(),
        myApplication({ response: { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', status: 'in-progress' } }),
      ],
    }),
  });

  const list = within(await screen.findByRole('list', { name: 'Your applications' }));
  expect(list.getAllByRole('listitem')).toHaveLength(2);
  expect(list.getByText('In review')).toBeInTheDocument();
  expect(list.getByText('In progress')).toBeInTheDocument();
});

test('an applicant without applications is told so', async () => {
  renderOverview({});

  expect(await screen.findByText('You have not started an application yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start application' })).toBeInTheDocument();
});

test('a failed load of the applications can be retried', async () => {
  const mine = jest
    .fn()
    .mockImplementationOnce(() => {
      throw apiError(500, 'internal', 'Timed out');
    })
    .mockReturnValue({ items: [myApplication()] });
  renderOverview({ 'GET /responses/mine': mine });

  expect(await screen.findByText('Your applications could not be loaded.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('button', { name: 'View status' })).toBeInTheDocument();
});

test.each(['reviewer', 'super-reviewer'] as const)('%s sees the form but cannot apply', async (role) => {
  const { request } = renderOverview({}, role);

  expect(await screen.findByText('Spring 2025 application')).toBeInTheDocument();
  expect(screen.getByText('Applying is for applicants.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /application/ })).not.toBeInTheDocument();
  // Staff may have applied before being promoted: without an application, no list of them shows.
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/responses/mine'));
  expect(screen.queryByText('Your applications')).not.toBeInTheDocument();
});
