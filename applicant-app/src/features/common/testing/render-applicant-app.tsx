import type { ComponentType } from 'react';
import type { UserRole } from '@portal/shared/domain';
import type { Routes } from '../../../../../tools/jest/fake-api';
import { renderSignedIn } from '../../../../../tools/jest/render-signed-in';

export { IDENTITY, sessionAnswer } from '../../../../../tools/jest/render-signed-in';

/** Mounts the applicant remote at /apply as the shell does, for a signed-in user of the given role. */
export function renderApplicantApp(
  AppRoutes: ComponentType,
  { path, routes, role = 'applicant', timeZone }: { path: string; routes: Routes; role?: UserRole; timeZone?: string },
) {
  return renderSignedIn(AppRoutes, { mountPath: '/apply', path, routes, role, timeZone });
}
