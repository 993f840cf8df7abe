import { RequireRole } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { AdminHome } from '../features/home/admin-home';

const SUPER_REVIEWER: UserRole[] = ['super-reviewer'];
const STAFF: UserRole[] = ['reviewer', 'super-reviewer'];

/**
 * Everything under /admin; rendered by the shell inside its router, QueryClient and session.
 * Spec sections 2 and 6: the super-reviewer's pages under dor/, the reviewers' screens.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminHome />} />
      <Route
        path="dor/*"
        element={
          <RequireRole roles={SUPER_REVIEWER}>
            <PageNotFound />
          </RequireRole>
        }
      />
      <Route
        path="reviewer/*"
        element={
          <RequireRole roles={STAFF}>
            <PageNotFound />
          </RequireRole>
        }
      />
      <Route
        path="review/*"
        element={
          <RequireRole roles={STAFF}>
            <PageNotFound />
          </RequireRole>
        }
      />
      <Route
        path="interview/*"
        element={
          <RequireRole roles={STAFF}>
            <PageNotFound />
          </RequireRole>
        }
      />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
