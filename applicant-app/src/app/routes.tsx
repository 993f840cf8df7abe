import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { ApplyHome } from '../features/home/apply-home';

/** Everything under /apply; rendered by the shell inside its router, QueryClient and session. */
export default function ApplicantRoutes() {
  return (
    <Routes>
      <Route index element={<ApplyHome />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
