import { useEffect, useRef } from 'react';
import { MIN_REVIEWER_ROLE_PREFERENCES, STAFF_MESSAGES } from '@portal/shared/domain';
import { notify, useCurrentUser, usePortal } from '@portal/shared/client';
import { Outlet } from '@portal/shared/router';
import { RolePreferencesDialog } from './role-preferences-dialog';

/**
 * Around every admin page. A reviewer with fewer than 3 role preferences gets the preference
 * dialog over the page and must choose before going on.
 */
export function StaffLayout() {
  const { identity } = usePortal();
  const user = useCurrentUser();
  const reported = useRef(false);
  const failed = Boolean(identity) && (user.isError || (user.isSuccess && user.data === null));

  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      notify.error(STAFF_MESSAGES.fetchUserFailed);
    }
  }, [failed]);

  const current = user.data;
  const mustChoose =
    identity &&
    current?.role === 'reviewer' &&
    (current.applicantRolePreferences?.length ?? 0) < MIN_REVIEWER_ROLE_PREFERENCES;

  return (
    <>
      <Outlet />
      {mustChoose && <RolePreferencesDialog user={current} sessionUid={identity.uid} />}
    </>
  );
}
