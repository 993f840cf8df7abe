import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createApiClient, PortalProvider, TOAST_CONTAINER_PROPS } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { clientConfig } from '../../app/client-config';
import { createQueryClient } from '../../app/query-client';
import { loadIdentity } from '../identity/load-identity';
import { useSession } from '../identity/session-context';
import { createRemoteLoader } from '../remotes/remote-loader';
import { RemoteRoutes } from '../remotes/remote-routes';

/** Created once per page load: every app shares this one client and this one API client. */
const queryClient = createQueryClient();
const portal = {
  api: createApiClient({
    baseUrl: clientConfig.apiBaseUrl,
    getIdToken: async () => (await loadIdentity()).getIdToken(),
    getAppCheckToken: async () => (await loadIdentity()).getAppCheckToken(),
  }),
};
const remoteLoader = createRemoteLoader(clientConfig.remotesManifestUrl);

/** Everything past the landing page; loaded on demand so the landing page stays small. */
export default function PortalArea() {
  const { activate } = useSession();
  useEffect(activate, [activate]);
  return (
    <QueryClientProvider client={queryClient}>
      <PortalProvider value={portal}>
        <Routes>
          <Route path="apply/*" element={<RemoteRoutes name="applicant" loader={remoteLoader} />} />
          <Route path="admin/*" element={<RemoteRoutes name="admin" loader={remoteLoader} />} />
          <Route path="*" element={<PageNotFound />} />
        </Routes>
      </PortalProvider>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </QueryClientProvider>
  );
}
