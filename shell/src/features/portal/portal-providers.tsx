import { useEffect, useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@portal/shared/query';
import {
  createApiClient,
  loadToastify,
  PortalProvider,
  TOAST_CONTAINER_PROPS,
  useToastsWanted,
} from '@portal/shared/client';
import { lazyPart, PortalTheme } from '@portal/shared/ui';
import { clientConfig } from '../../lib/client-config';
import { createQueryClient } from '../../lib/query-client';
import { portalApiOptions } from './portal-api';
import { useSession } from '../../lib/identity/session-context';

/** Created once per page load: every app shares this one client and this one API client. */
export const queryClient = createQueryClient();
const api = createApiClient(portalApiOptions());

if (__PORTAL_LOCAL_MODE__) {
  // Lets the local browser tests check what a session leaves in the cache; absent from production builds.
  Object.assign(window, {
    __portalDebug: {
      cachedQueryKeys: () =>
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.queryKey),
    },
  });
}

const ToastContainer = lazyPart(() => loadToastify().then((module) => module.ToastContainer), { compact: true });

/** The toasts' container, from the first toast on (`notify` fetches react-toastify with it). */
function Toasts() {
  return useToastsWanted() ? <ToastContainer {...TOAST_CONTAINER_PROPS} /> : null;
}

/**
 * The providers of every page past the signed-out landing page: antd's theme, the QueryClient,
 * the portal context the remotes read, and the toasts. Loaded on demand so the landing page
 * stays small (it draws its frame from PORTAL_TOKENS, without antd).
 */
export default function PortalProviders({ children }: { children: ReactNode }) {
  const session = useSession();
  const { activate } = session;
  useEffect(() => {
    activate();
  }, [activate]);
  const portal = useMemo(
    () => ({ api, identity: session.identity, timeZone: clientConfig.chapter.timeZone }),
    [session.identity],
  );
  return (
    <PortalTheme>
      <QueryClientProvider client={queryClient}>
        <PortalProvider value={portal}>{children}</PortalProvider>
        <Toasts />
      </QueryClientProvider>
    </PortalTheme>
  );
}
