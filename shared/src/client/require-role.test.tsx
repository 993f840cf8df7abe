import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@portal/shared/query';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import type { User } from '@portal/shared/domain/schemas/forms';
import type { ApiClient } from './api-client';
import { PortalProvider } from './portal-context';
import { RequireRole } from './require-role';

const IDENTITY = { uid: 'ada-uid', email: 'ada@example.org', emailVerified: true };

function userWithRole(role: UserRole): User {
  return {
    id: 'ada-uid',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role,
    activeApplications: [],
  };
}

function WhereAmI() {
  return <p>Now at {useLocation().pathname}</p>;
}

function renderGuarded(request: jest.Mock, roles: readonly UserRole[] = ['reviewer', 'super-reviewer']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = { request } as unknown as ApiClient;
  render(
    <MemoryRouter initialEntries={['/admin/reviews']}>
      <QueryClientProvider client={queryClient}>
        <PortalProvider value={{ api, identity: IDENTITY }}>
          <Routes>
            <Route
              path="/admin/reviews"
              element={
                <RequireRole roles={roles} fallback={<p>Checking your role...</p>}>
                  <p>Reviews</p>
                </RequireRole>
              }
            />
            <Route path="/login" element={<WhereAmI />} />
          </Routes>
        </PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function answering(user: User | null) {
  return jest.fn(async () => ({ identity: IDENTITY, user }));
}

test.each<UserRole>(['reviewer', 'super-reviewer'])('an allowed role (%s) sees the page', async (role) => {
  const request = answering(userWithRole(role));
  renderGuarded(request);

  expect(await screen.findByText('Reviews')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', '/session');
});

test('a role that is not allowed is sent to /login', async () => {
  renderGuarded(answering(userWithRole('applicant')));

  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  expect(screen.queryByText('Reviews')).not.toBeInTheDocument();
});

test('a sign-in without a user record is sent to /login', async () => {
  renderGuarded(answering(null));

  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
});

test('while the user record loads the fallback is shown', () => {
  renderGuarded(jest.fn(() => new Promise(() => undefined)));

  expect(screen.getByText('Checking your role...')).toBeInTheDocument();
  expect(screen.queryByText('Reviews')).not.toBeInTheDocument();
  expect(screen.queryByText('Now at /login')).not.toBeInTheDocument();
});
