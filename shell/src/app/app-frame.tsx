import { useEffect, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { useSession } from '../lib/identity/session-context';
import { lazyPart, LoadingScreen } from '@portal/shared/ui';
import { clientConfig } from '../lib/client-config';
import { AppRoutes, preloadAccountPage } from './app-routes';

const PortalProviders = lazyPart(() => import('../features/portal/portal-providers').then((module) => module.default), {
  loading: () => <LoadingScreen />,
});

/**
 * A signed-out visitor on the landing page needs none of the portal's providers; every other
 * page gets them, loaded once and kept from then on.
 */
export function AppFrame() {
  const session = useSession();
  const { pathname } = useLocation();
  const [portalLoaded, setPortalLoaded] = useState(false);
  const needsPortal = portalLoaded || pathname !== '/' || session.status === 'signed-in';
  if (needsPortal && !portalLoaded) setPortalLoaded(true);
  // While the providers arrive, the page they will show (an account page) arrives beside them.
  useEffect(() => {
    if (needsPortal) preloadAccountPage(pathname);
    // Only as the providers are first needed: later pages load with the providers in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsPortal]);

  const routes = <AppRoutes chapter={clientConfig.chapter} />;
  if (!needsPortal) return routes;
  return <PortalProviders>{routes}</PortalProviders>;
}
