import type { ComponentType } from 'react';
import { PortalProvider, type ApiClient } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain';
import { renderRemote } from '../../../../../tools/jest/render-remote';
import { fakeApi, type Routes } from './fake-api';

export const IDENTITY = { uid: 'nova-uid', email: 'nova@example.org', emailVerified: true };

export function sessionAnswer(role: UserRole) {
  return {
    identity: IDENTITY,
    user: {
      id: IDENTITY.uid,
      email: IDENTITY.email,
      firstName: 'Nova',
      lastName: 'Reyes',
      role,
      activeApplications: [],
    },
  };
}

/** Mounts the applicant remote at /apply as the shell does, for a signed-in user of the given role. */
export function renderApplicantApp(
  AppRoutes: ComponentType,
  { path, routes, role = 'applicant' }: { path: string; routes: Routes; role?: UserRole },
) {
  const { api, request } = fakeApi({ 'GET /session': () => sessionAnswer(role), ...routes });
  function SignedIn() {
    return (
      <PortalProvider value={{ api: api as ApiClient, identity: IDENTITY }}>
        <AppRoutes />
      </PortalProvider>
    );
  }
  const view = renderRemote(SignedIn, { mountPath: '/apply', path, api });
  return { ...view, request };
}
