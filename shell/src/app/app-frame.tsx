import { lazy, Suspense, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { useSession } from '../lib/identity/session-context';
import { LoadingScreen } from '@portal/shared/ui';
import { clientConfig } from '../lib/client-config';
import { AppRoutes } from './app-routes';

const PortalProviders = lazy(() => import('../features/portal/portal-providers'));

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

  const routes = <AppRoutes chapter={clientConfig.chapter} />;
  if (!needsPortal) return routes;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PortalProviders>{routes}</PortalProviders>
    </Suspense>
  );
}
