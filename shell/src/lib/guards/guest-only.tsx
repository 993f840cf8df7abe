import { useEffect, type ReactNode } from 'react';
import { useCurrentUser } from '@portal/shared/client';
import { homePathForRole } from '@portal/shared/domain/rules/roles';
import { Navigate, useLocation } from '@portal/shared/router';
import { useSession } from '../identity/session-context';
import { LoadingScreen, whenIdle } from '@portal/shared/ui';
import { preloadSessionMenu } from '../../features/layout/app-layout';
import { preloadSignedInArea } from '../../features/remotes/preload-signed-in';

/**
 * docs/product.md#screens-and-routes: /login and /signup send a signed-in user on, to where they
 * were going or home by role. While it is shown, the signed-in area's code is fetched, and the
 * destination's remote as soon as the user is known (preload-signed-in.ts).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const user = useCurrentUser();
  const from = (location.state as { from?: string } | null)?.from;
  const signedIn = session.settled && session.status === 'signed-in';
  // Signed in without a user record (an identity made outside the portal's sign-up): the guarded
  // pages ask for the profile first, and an applicant's home is where it then belongs.
  const home =
    !signedIn || user.isPending
      ? undefined
      : user.data
        ? homePathForRole(user.data.role)
        : user.data === null && !user.isError
          ? homePathForRole('applicant')
          : undefined;
  // What the guest's page is for: once that page is drawn (not the loading screen before it), the
  // signed-in area's code and the header's menu of the signed-in; then, as soon as the user is
  // known, the remote of their role, never another (an applicant sent back to a staff link too).
  const guestPageShown = session.settled && !signedIn;
  useEffect(() => {
    if (home !== undefined || guestPageShown) return preloadSignedInArea(home);
  }, [home, guestPageShown]);
  useEffect(() => {
    if (guestPageShown) return whenIdle(() => void preloadSessionMenu());
  }, [guestPageShown]);
  if (!session.settled) return <LoadingScreen />;
  if (!signedIn) return children;
  if (user.isPending) return <LoadingScreen />;
  if (from) return <Navigate to={from} replace />;
  if (home) return <Navigate to={home} replace />;
  return children;
}
