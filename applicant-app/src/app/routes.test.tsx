import { screen, waitFor } from '@testing-library/react';
import { LOADING_TEXT } from '@portal/shared/ui';
import { renderRemote } from '@portal/jest-support/render-remote';
import { answer, fakeApi } from '@portal/jest-support/fake-api';
import { FORM, RESPONSE_ID, myApplication } from '../features/common/testing/fixtures';
import { renderApplicantApp } from '../features/common/testing/render-applicant-app';
import ApplicantRoutes from './routes';

jest.mock('../features/editor/editor-page', () => ({
  __esModule: true,
  default: jest.requireActual('../features/common/testing/page-stubs').EditorPageStub,
}));
jest.mock('../features/submit/submit-page', () => ({
  __esModule: true,
  default: jest.requireActual('../features/common/testing/page-stubs').SubmitPageStub,
}));

const OVERVIEW = { 'GET /forms/active': answer(FORM), 'GET /responses/mine': answer({ items: [] }) };

afterEach(() => jest.restoreAllMocks());

test('the index shows the overview to an applicant', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply', routes: OVERVIEW });

  // The page is a chunk of its own: the portal's loading screen shows until it has arrived.
  expect(screen.getByRole('status')).toHaveTextContent(LOADING_TEXT);
  expect(await screen.findByRole('heading', { name: 'Apply' })).toBeInTheDocument();
  expect(await screen.findByText('Spring 2025 application')).toBeInTheDocument();
});

test('the index is open to staff too', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply', routes: OVERVIEW, role: 'reviewer' });

  expect(await screen.findByText('Applying is for applicants.')).toBeInTheDocument();
});

test('the editor route passes its form and section to the editor page', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply/f/spring-2025/about-you', routes: {} });

  expect(await screen.findByText('Editor for spring-2025 at about-you')).toBeInTheDocument();
});

test('the submit route passes its form to the submit page', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply/submit/spring-2025', routes: {} });

  expect(await screen.findByText('Submit page for spring-2025')).toBeInTheDocument();
});

test.each(['/apply/f/spring-2025/about-you', '/apply/submit/spring-2025', '/apply/success'])(
  'a reviewer is turned away from the applying route %s',
  async (path) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container, request } = renderApplicantApp(ApplicantRoutes, { path, routes: {}, role: 'reviewer' });

    // /login belongs to the shell, so under the remote alone nothing matches it and nothing stays on screen.
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No routes matched location "/login"'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('GET', '/session');
  },
);

describe('a staff member who applied before being promoted', () => {
  const MINE = {
    'GET /responses/mine': answer({
      items: [
        myApplication({ decisionsReleased: true, roles: [{ role: 'engineer', decision: 'accepted', offer: null }] }),
      ],
    }),
  };

  test.each(['reviewer', 'super-reviewer'] as const)(
    'keeps the status page of their application as a %s',
    async (role) => {
      renderApplicantApp(ApplicantRoutes, { path: '/apply/status', routes: MINE, role });

      expect(await screen.findByRole('region', { name: 'Spring 2025 application' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See your decision' })).toBeInTheDocument();
    },
  );

  test('keeps the decision and the offer', async () => {
    renderApplicantApp(ApplicantRoutes, {
      path: `/apply/decision/${RESPONSE_ID}/engineer`,
      routes: {
        [`GET /responses/${RESPONSE_ID}/decisions/engineer`]: answer({
          role: 'engineer',
          decision: 'accepted',
          offer: null,
        }),
      },
      role: 'reviewer',
    });

    expect(
      await screen.findByText('Congratulations! You have been accepted for the Engineer role.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept offer' })).toBeInTheDocument();
  });

  test('keeps their answers', async () => {
    renderApplicantApp(ApplicantRoutes, {
      path: '/apply/revisit/spring-2025',
      routes: { ...MINE, 'GET /forms/spring-2025': answer(FORM) },
      role: 'reviewer',
    });

    expect(await screen.findByRole('heading', { name: 'Your Spring 2025 application' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to your application status' })).toBeInTheDocument();
    expect(screen.queryByText('You have no application for this form.')).not.toBeInTheDocument();
  });

  test('finds it on the overview, still without applying', async () => {
    renderApplicantApp(ApplicantRoutes, { path: '/apply', routes: { ...OVERVIEW, ...MINE }, role: 'reviewer' });

    expect(await screen.findByText('Applying is for applicants.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'See status' })).toBeInTheDocument();
  });
});

test('while the role is checked a spinner shows', () => {
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: { 'GET /session': () => new Promise(() => undefined) },
  });

  expect(screen.getByText('Checking your account...')).toBeInTheDocument();
});

test('an unknown path under /apply shows the not-found page', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply/no-such-page', routes: {} });

  expect(await screen.findByText('Page not found')).toBeInTheDocument();
});

test("the remote cannot render without the shell's PortalProvider", () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { api } = fakeApi({});

  expect(() => renderRemote(ApplicantRoutes, { mountPath: '/apply', path: '/apply', api, withPortal: false })).toThrow(
    'usePortal must be used inside the shell (PortalProvider is missing)',
  );
});

test('a page asked for as its route is entered is not asked for again when it renders', async () => {
  const { request } = renderApplicantApp(ApplicantRoutes, {
    path: `/apply/decision/${RESPONSE_ID}/engineer`,
    routes: {
      [`GET /responses/${RESPONSE_ID}/decisions/engineer`]: answer({
        role: 'engineer',
        decision: 'accepted',
        offer: null,
      }),
    },
  });

  expect(await screen.findByText('Congratulations! You have been accepted for the Engineer role.')).toBeInTheDocument();
  expect(request.mock.calls.filter(([, path]) => path === `/responses/${RESPONSE_ID}/decisions/engineer`)).toHaveLength(
    1,
  );
});
