import { useState } from 'react';
import { Checkbox, Flex } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { notify, sessionKeys, usePortal, type SessionAnswer } from '@portal/shared/client';
import { STAFF_MESSAGES, TEAM_ROLES, type TeamRole, type User } from '@portal/shared/domain';
import { RoleBadge } from '@portal/shared/ui';
import { saveRolePreferences } from '../../api/preferences';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** The reviewer's chosen roles (Bootcamp always first) and their save, which updates the session user. */
export function useRolePreferences(user: User, sessionUid: string) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<TeamRole[]>(() => {
    const kept = (user.applicantRolePreferences ?? []).filter((role) => role !== 'bootcamp');
    return ['bootcamp', ...kept];
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
      checked ? TEAM_ROLES.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role),
    );
  return { roles, toggle, save };
}

/** One checkbox per team role; Bootcamp is always checked. */
export function RoleCheckboxes({
  roles,
  toggle,
}: {
  roles: TeamRole[];
  toggle: (role: TeamRole, checked: boolean) => void;
}) {
  return (
    <Flex vertical gap={8} role="group" aria-label="Roles to review">
      {TEAM_ROLES.map((role) => (
        <Checkbox
          key={role}
          checked={roles.includes(role)}
          disabled={role === 'bootcamp'}
          onChange={(event) => toggle(role, event.target.checked)}
        >
          <RoleBadge role={role} />
        </Checkbox>
      ))}
    </Flex>
  );
}
