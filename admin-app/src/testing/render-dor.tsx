import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes, useLocation } from '@portal/shared/router';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';
import type { Routes as ApiRoutes } from '@portal/jest-support/fake-api';
import DorRoutes from '../app/dor-routes';

/** Where the router is now (the tests assert navigation, including leaving /admin/dor). */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

function App() {
  return (
    <>
      <Routes>
        <Route path="/admin/dor/*" element={<DorRoutes />} />
        <Route path="/login" element={<h1>Log in</h1>} />
      </Routes>
      <LocationProbe />
    </>
  );
}

/**
 * Mounts the /admin/dor routes for a signed-in user (a super-reviewer unless told) over a fake API;
 * `timeZone` is the chapter's, as the shell gives it from the build.
 */
export function renderDor(
  path: string,
  routes: ApiRoutes,
  role: UserRole = 'super-reviewer',
  { timeZone }: { timeZone?: string } = {},
) {
  return renderSignedIn(App, { mountPath: '', path, routes, role, timeZone });
}
