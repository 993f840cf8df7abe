import type { ReactNode } from 'react';
import { RequireRole } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes } from '@portal/shared/router';
import { lazyPage, PageNotFound, PortalTheme } from '@portal/shared/ui';
import { StaffLayout } from '../features/preferences/staff-layout';

/** Each page is its own chunk, loaded when its route is visited (with the portal's loading screen). */
const AssessmentPage = lazyPage(() => import('../features/assessment/assessment-page'), 'AssessmentPage');
// The super-reviewer's dashboard, where a director's visits go, is asked for beside the dor/ routes'
// own chunk, not once that has arrived and run (one script after another fewer: bench:staff-pages);
// the routes' chunk first, so it runs, and asks for the dashboard's data, while the rest arrives.
const DorRoutes = lazyPage(() => {
  const routes = import('./dor-routes');
  if (window.location.pathname.includes('/dor/dashboard/')) void import('../features/dashboard/dashboard-layout');
  return routes;
});
// Admin Home, where every staff visit comes in (/admin), is preloaded with this module's own chunk,
// so the two arrive in parallel, not one after the other (docs/performance.md).
const AdminHome = lazyPage(() => import(/* webpackPreload: true */ '../features/home/admin-home'), 'AdminHome');
const PreferencesPage = lazyPage(() => import('../features/preferences/preferences-page'), 'PreferencesPage');
const ReviewerDashboard = lazyPage(() => import('../features/reviewer/reviewer-dashboard'), 'ReviewerDashboard');

const STAFF: readonly UserRole[] = ['reviewer', 'super-reviewer'];

const REVIEWER: readonly UserRole[] = ['reviewer'];

const StaffOnly = ({ children }: { children: ReactNode }) => <RequireRole roles={STAFF}>{children}</RequireRole>;

/**
 * Everything under /admin; rendered by the shell inside its router, QueryClient and session.
 * docs/product.md#screens-and-routes and #roles-and-permissions: the super-reviewer's pages under
 * dor/ (each guarded there), the reviewers' screens and settings (the roles they review).
 * StaffLayout shows a reviewer the role-preference dialog until they have chosen.
 */
function AdminRoutesTree() {
  return (
    <Routes>
      <Route element={<StaffLayout />}>
        <Route index element={<AdminHome />} />
        <Route path="dor/*" element={<DorRoutes />} />
        <Route
          path="reviewer/dashboard/:formId/*"
          element={
            <StaffOnly>
              <ReviewerDashboard />
            </StaffOnly>
          }
        />
        <Route
          path="review/f/:formId/:responseId/:sectionId/:reviewDataId"
          element={
            <StaffOnly>
              <AssessmentPage kind="review" />
            </StaffOnly>
          }
        />
        <Route
          path="interview/f/:formId/:responseId/:interviewDataId"
          element={
            <StaffOnly>
              <AssessmentPage kind="interview" />
            </StaffOnly>
          }
        />
        <Route
          path="settings"
          element={
            <RequireRole roles={REVIEWER}>
              <PreferencesPage />
            </RequireRole>
          }
        />
        <Route path="*" element={<PageNotFound />} />
      </Route>
    </Routes>
  );
}

/** The remote's route tree in the portal's theme (the remote's own antd reads it from its own provider). */
export default function AdminRoutes() {
  return (
    <PortalTheme>
      <AdminRoutesTree />
    </PortalTheme>
  );
}
