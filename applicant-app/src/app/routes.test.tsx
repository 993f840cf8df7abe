import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PortalProvider } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import ApplicantRoutes from './routes';

const HEALTH = { status: 'ok', version: '1.4.2', store: 'sqlite', time: '2025-01-01T00:00:00.000Z' };

/** Mounts the remote as the shell does: at /apply/* inside its router, QueryClient and PortalProvider. */
function renderInShell(path: string, { withPortal = true } = {}) {
  const api = { request: jest.fn().mockResolvedValue(HEALTH) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = (
    <Routes>
      <Route path="/apply/*" element={<ApplicantRoutes />} />
    </Routes>
  );
  const portal = (children: ReactNode) => (withPortal ? <PortalProvider value={{ api }}>{children}</PortalProvider> : children);
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>{portal(routes)}</QueryClientProvider>
    </MemoryRouter>,
  );
  return { api };
}

afterEach(() => jest.restoreAllMocks());

test('the index shows the applicant home and the API version', async () => {
  const { api } = renderInShell('/apply');

  expect(screen.getByRole('heading', { name: 'Applicant Home' })).toBeInTheDocument();
  expect(await screen.findByText('Connected to the portal API (version 1.4.2).')).toBeInTheDocument();
  expect(api.request).toHaveBeenCalledWith('GET', '/health', { auth: false });
});

test('an unknown path under /apply shows the not-found page', () => {
  renderInShell('/apply/no-such-page');

  expect(screen.getByText('Page not found')).toBeInTheDocument();
});

test("the remote cannot render without the shell's PortalProvider", () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);

  expect(() => renderInShell('/apply', { withPortal: false })).toThrow(
    'usePortal must be used inside the shell (PortalProvider is missing)',
  );
});
