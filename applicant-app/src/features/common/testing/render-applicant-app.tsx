import type { ComponentType } from 'react';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import type { Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';

export { IDENTITY, sessionAnswer } from '@portal/jest-support/render-signed-in';

/** Mounts the applicant remote at /apply as the shell does, for a signed-in user of the given role. */
export function renderApplicantApp(
  AppRoutes: ComponentType,
  { path, routes, role = 'applicant', timeZone }: { path: string; routes: Routes; role?: UserRole; timeZone?: string },
) {
  return renderSignedIn(AppRoutes, { mountPath: '/apply', path, routes, role, timeZone });
}
