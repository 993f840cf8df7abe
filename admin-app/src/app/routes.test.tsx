import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@portal/shared/query';
import { PortalProvider } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { LOADING_TEXT } from '@portal/shared/ui';
import { renderRemote } from '@portal/jest-support/render-remote';
import { answer, fakeApi } from '@portal/jest-support/fake-api';
import { IDENTITY, renderSignedIn, sessionAnswer } from '@portal/jest-support/render-signed-in';
import AdminRoutes from './routes';

const FORM = { id: 'spring-2025', semester: 'Spring 2025', sections: [], reviewRubrics: [], interviewRubrics: [] };
const PREFERENCES = { applicantRolePreferences: ['bootcamp' as const, 'engineer' as const, 'designer' as const] };
const EMPTY_PAGE = { items: [], nextCursor: null, total: 0 };

afterEach(() => jest.restoreAllMocks());

test('the index is the Admin home', async () => {
  renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin',
    role: 'reviewer',
    user: PREFERENCES,
    routes: { 'GET /forms/active': answer(FORM) },
  });

  // The page is a chunk of its own: the portal's loading screen shows until it has arrived.
  expect(screen.getByRole('status')).toHaveTextContent(LOADING_TEXT);
  expect(await screen.findByRole('heading', { name: 'Admin Home' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: /^Reviewer dashboard/ })).toBeInTheDocument();
});

test('the reviewer dashboard opens at its apps tab', async () => {
  const { request } = renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path: '/admin/reviewer/dashboard/spring-2025',
    role: 'reviewer',
    user: PREFERENCES,
    routes: {
      'GET /forms/spring-2025': answer(FORM),
      'GET /admin/forms/spring-2025/assessments?kind=review': answer(EMPTY_PAGE),
    },
  });

  expect(await screen.findByText('No applications assigned to you yet.')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Applications', checked: true })).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', '/admin/forms/spring-2025/assessments?kind=review');
});

test('an applicant cannot open the reviewer screens: they are sent to /login', async () => {
  const { api, request } = fakeApi({ 'GET /session': answer(sessionAnswer('applicant')) });
  render(
    <MemoryRouter initialEntries={['/admin/review/f/spring-2025/resp-1/about-you/review-1']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortalProvider value={{ api, identity: IDENTITY }}>
          <Routes>
            <Route path="/admin/*" element={<AdminRoutes />} />
            <Route path="/login" element={<p>Login page</p>} />
          </Routes>
        </PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );

  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('/admin/assessments'));
});

test('an unknown path under /admin shows the not-found page', async () => {
  renderSignedIn(AdminRoutes, { mountPath: '/admin', path: '/admin/no-such-page', role: 'applicant', routes: {} });

  expect(await screen.findByText('Page not found')).toBeInTheDocument();
});

test("the remote cannot render without the shell's PortalProvider", () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);

  expect(() =>
    renderRemote(AdminRoutes, {
      mountPath: '/admin',
      path: '/admin',
      api: { request: jest.fn() },
      withPortal: false,
    }),
  ).toThrow('usePortal must be used inside the shell (PortalProvider is missing)');
});
