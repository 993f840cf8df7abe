import type { ComponentType } from 'react';
import { PortalProvider, type ApiClient } from '@portal/shared/client';
import type { User, UserRole } from '@portal/shared/domain';
import { fakeApi, type Routes } from './fake-api';
import { renderRemote } from './render-remote';

export const IDENTITY = { uid: 'nova-uid', email: 'nova@example.org', emailVerified: true };

export function sessionAnswer(role: UserRole, user: Partial<User> = {}) {
  return {
    identity: IDENTITY,
    user: {
      id: IDENTITY.uid,
      email: IDENTITY.email,
      firstName: 'Nova',
      lastName: 'Reyes',
      role,
      activeApplications: [],
      ...user,
    },
  };
}

/**
 * Mounts a remote at `mountPath` as the shell does, for a signed-in user of the given role,
 * over a fake API (`routes`; `GET /session` answers that user unless `routes` replaces it).
 */
export function renderSignedIn(
  AppRoutes: ComponentType,
  {
    mountPath,
    path,
    routes,
    role,
    user,
    timeZone,
  }: {
    mountPath: string;
    path: string;
    routes: Routes;
    role: UserRole;
    user?: Partial<User>;
    /** The chapter's time zone from the build, as the shell gives it. */
    timeZone?: string;
  },
) {
  const { api, request, download } = fakeApi({ 'GET /session': () => sessionAnswer(role, user), ...routes });
  function SignedIn() {
    return (
      <PortalProvider value={{ api: api as ApiClient, identity: IDENTITY, timeZone }}>
        <AppRoutes />
      </PortalProvider>
    );
  }
  const view = renderRemote(SignedIn, { mountPath, path, api });
  return { ...view, request, download };
}
