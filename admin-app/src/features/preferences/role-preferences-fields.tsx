import { useState } from 'react';
import { Checkbox, Flex } from 'antd';
import { useQueryClient } from '@portal/shared/query';
import { notify, sessionKeys, usePortal, type SessionAnswer } from '@portal/shared/client';
import type { TeamRole } from '@portal/shared/domain/ids/constants';
import { formReviewRoleRule, formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import type { User } from '@portal/shared/domain/schemas/forms';
import { RoleBadge } from '@portal/shared/ui';
import { saveRolePreferences } from '../../api/preferences';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import type { ReviewRoleForm } from '../../lib/form-roles';

/**
 * The reviewer's chosen roles among the active form's (its required role, Bootcamp for the spec's
 * rule, always first) and their save, which updates the session user.
 */
export function useRolePreferences(user: User, sessionUid: string, form: ReviewRoleForm) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const { requiredRole } = formReviewRoleRule(form);
  const order = formTeamRoles(form).map((role) => role.id);
  const [roles, setRoles] = useState<TeamRole[]>(() => {
    const kept = (user.applicantRolePreferences ?? []).filter((role) => role !== requiredRole && order.includes(role));
    return requiredRole ? [requiredRole, ...kept] : kept;
  });
  const save = useStaffMutation(() => saveRolePreferences(api, user.id, { roles }), {
    success: () => STAFF_MESSAGES.preferencesSaved,
    onSuccess: async (saved) => {
      queryClient.setQueryData<SessionAnswer>(sessionKeys.user(sessionUid), (old) =>
        old ? { ...old, user: saved } : old,
      );
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user(sessionUid) });
    },
    onError: () => {
      notify.error(STAFF_MESSAGES.preferencesFailed);
      return true;
    },
  });
  const toggle = (role: TeamRole, checked: boolean) =>
    setRoles((current) =>
      checked ? order.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role),
    );
  return { roles, toggle, save };
}

/** One checkbox per role of the active form; its required role (Bootcamp for the spec's rule) is always checked. */
export function RoleCheckboxes({
  roles,
  toggle,
  form,
}: {
  roles: TeamRole[];
  toggle: (role: TeamRole, checked: boolean) => void;
  form: ReviewRoleForm;
}) {
  const { requiredRole } = formReviewRoleRule(form);
  return (
    <Flex vertical gap={8} role="group" aria-label="Roles to review">
      {formTeamRoles(form).map(({ id }) => (
        <Checkbox
          key={id}
          checked={roles.includes(id)}
          disabled={id === requiredRole}
          onChange={(event) => toggle(id, event.target.checked)}
        >
          <RoleBadge role={id} />
        </Checkbox>
      ))}
    </Flex>
  );
}
