import { useState } from 'react';
import { Button, Checkbox, Flex, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { notify, sessionKeys, usePortal, type SessionAnswer } from '@portal/shared/client';
import { STAFF_MESSAGES, TEAM_ROLES, rolePreferencesValid, type TeamRole, type User } from '@portal/shared/domain';
import { RoleBadge } from '@portal/shared/ui';
import { saveRolePreferences } from '../../api/preferences';
import { useStaffMutation } from '../../lib/use-staff-mutation';

export const PREFERENCES_TITLE = 'Choose the roles you will review';

/** Spec sections 4 and 5: a reviewer picks at least 3 team roles, Bootcamp always among them. */
export function RolePreferencesDialog({ user, sessionUid }: { user: User; sessionUid: string }) {
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

  return (
    <Modal
      open
      title={PREFERENCES_TITLE}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button
          type="primary"
          disabled={!rolePreferencesValid(roles)}
          loading={save.isPending}
          onClick={() => save.mutate(undefined)}
        >
          Submit
        </Button>
      }
    >
      <Typography.Paragraph>{STAFF_MESSAGES.preferencesRule}</Typography.Paragraph>
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
    </Modal>
  );
}
