import { lazy, Suspense } from 'react';
import type { ClientConfig } from '@portal/shared/domain';
import { Route, Routes } from '@portal/shared/router';
import { LandingPage } from '../features/landing/landing-page';
import { AppLayout } from '../features/layout/app-layout';
import { LoadingScreen } from '../features/loading/loading-screen';

const PortalArea = lazy(() => import('../features/portal/portal-area'));

export function AppRoutes({ chapter }: { chapter: ClientConfig['chapter'] }) {
  return (
    <Routes>
      <Route element={<AppLayout chapter={chapter} />}>
        <Route index element={<LandingPage />} />
        <Route
          path="*"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <PortalArea />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
