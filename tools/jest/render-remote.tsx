import type { ComponentType, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@portal/shared/query';
import { PortalProvider, type ApiClient } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';

/** Mounts a remote's route tree as the shell does: under its path, inside the router, QueryClient and PortalProvider. */
export function renderRemote(
  RemoteRoutes: ComponentType,
  {
    mountPath,
    path,
    api,
    withPortal = true,
  }: {
    mountPath: string;
    /** The first entry: a path, or a path with router state. */
    path: string | { pathname: string; state: unknown };
    api: Pick<ApiClient, 'request'> & Partial<ApiClient>;
    withPortal?: boolean;
  },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = (
    <Routes>
      <Route path={`${mountPath}/*`} element={<RemoteRoutes />} />
    </Routes>
  );
  const portal = (children: ReactNode) =>
    withPortal ? <PortalProvider value={{ api: api as ApiClient }}>{children}</PortalProvider> : children;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>{portal(routes)}</QueryClientProvider>
    </MemoryRouter>,
  );
}
