import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import { isStaffRole } from '@portal/shared/domain/ids/constants';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import { mustChooseRolePreferences, rolePreferencesStale } from '@portal/shared/domain/rules/team-roles';
import { notify, useCurrentUser, usePortal } from '@portal/shared/client';
import { Link, Outlet, useLocation } from '@portal/shared/router';
import { lazyDialog } from '@portal/shared/ui';
import { FormRoles, useActiveReviewRoleForm } from '../../lib/form-roles';
import { SETTINGS_PATH } from '../../lib/paths';

export const CHOOSE_AGAIN_TEXT =
  "The active form's roles are not the ones you chose among: choose the roles you will review again. Until you do, applications are assigned to you only for the roles you chose before that it still has.";

/** Loaded only when a reviewer must choose: every admin page would otherwise download antd's Modal. */
const RolePreferencesDialog = lazyDialog(() => import('./role-preferences-dialog'), 'RolePreferencesDialog');

/**
 * Around every admin page. A reviewer whose role preferences do not meet the active form's rule
 * (the spec's: fewer than 3, or no Bootcamp) gets the preference dialog over the page and must
 * choose before going on; one whose preferences meet it but were chosen among another form's roles
 * (`rolePreferencesStale`) gets a banner asking them to choose again on the settings page. The pages below read the active form's team roles unless they say
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
  const chooseAgain =
    identity && current?.role === 'reviewer' && activeForm && !mustChoose && rolePreferencesStale(current, activeForm);
  const onSettings = useLocation().pathname === SETTINGS_PATH;

  return (
    <FormRoles form={activeForm}>
      {chooseAgain && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={CHOOSE_AGAIN_TEXT}
          action={onSettings ? undefined : <Link to={SETTINGS_PATH}>Choose your roles</Link>}
        />
      )}
      <Outlet />
      {mustChoose && <RolePreferencesDialog user={current} sessionUid={identity.uid} form={activeForm} />}
    </FormRoles>
  );
}
