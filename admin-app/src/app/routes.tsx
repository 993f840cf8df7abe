import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { AdminHome } from '../features/home/admin-home';

/** Everything under /admin; rendered by the shell inside its router, QueryClient and session. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminHome />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
