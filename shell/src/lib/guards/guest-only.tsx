import type { ReactNode } from 'react';
import { useCurrentUser } from '@portal/shared/client';
import { homePathForRole } from '@portal/shared/domain/rules/roles';
import { Navigate, useLocation } from '@portal/shared/router';
import { useSession } from '../identity/session-context';
import { LoadingScreen } from '@portal/shared/ui';

/**
 * docs/product.md#screens-and-routes: /login and /signup send a signed-in user on, to where they
 * were going or home by role.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const user = useCurrentUser();
  if (!session.settled) return <LoadingScreen />;
  if (session.status !== 'signed-in') return children;
  if (user.isPending) return <LoadingScreen />;
  const from = (location.state as { from?: string } | null)?.from;
  if (from) return <Navigate to={from} replace />;
  if (user.data) return <Navigate to={homePathForRole(user.data.role)} replace />;
  // Signed in without a user record (an identity made outside the portal's sign-up): the guarded
  // pages ask for the profile first, and an applicant's home is where it then belongs.
  if (user.data === null && !user.isError) return <Navigate to={homePathForRole('applicant')} replace />;
  return children;
}
