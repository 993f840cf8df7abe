import { useEffect, useRef } from 'react';
import { isStaffRole } from '@portal/shared/domain/ids/constants';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import { mustChooseRolePreferences } from '@portal/shared/domain/rules/team-roles';
import { notify, useCurrentUser, usePortal } from '@portal/shared/client';
import { Outlet } from '@portal/shared/router';
import { lazyDialog } from '@portal/shared/ui';
import { FormRoles, useActiveReviewRoleForm } from '../../lib/form-roles';

/** Loaded only when a reviewer must choose: every admin page would otherwise download antd's Modal. */
const RolePreferencesDialog = lazyDialog(() => import('./role-preferences-dialog'), 'RolePreferencesDialog');

/**
 * Around every admin page. A reviewer whose role preferences do not meet the active form's rule
 * (the spec's: fewer than 3, or no Bootcamp) gets the preference dialog over the page and must
 * choose before going on. The pages below read the active form's team roles unless they say
 * which form they show (`FormRoles`).
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
  const activeForm = useActiveReviewRoleForm(Boolean(identity && current && isStaffRole(current.role)));
  const mustChoose =
    identity &&
    current?.role === 'reviewer' &&
    activeForm &&
    mustChooseRolePreferences(current.applicantRolePreferences, activeForm);

  return (
    <FormRoles form={activeForm}>
      <Outlet />
      {mustChoose && <RolePreferencesDialog user={current} sessionUid={identity.uid} form={activeForm} />}
    </FormRoles>
  );
}
