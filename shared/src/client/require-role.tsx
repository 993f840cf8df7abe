import type { ReactNode } from 'react';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { Navigate } from '@portal/shared/router';
import { usePortal } from './portal-context';
import { useCurrentUser } from './session-queries';

/** docs/product.md#route-guards: a role not allowed on a route is sent to /login. */
export function RequireRole({
  roles,
  children,
  fallback = null,
}: {
  roles: readonly UserRole[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { identity } = usePortal();
  const user = useCurrentUser();
  if (!identity) return <Navigate to="/login" replace />;
  if (user.isPending) return fallback;
  if (!user.data || !roles.includes(user.data.role)) return <Navigate to="/login" replace />;
  return children;
}
