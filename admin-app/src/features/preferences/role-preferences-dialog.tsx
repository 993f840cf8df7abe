import { Button, Modal, Typography } from 'antd';
import { STAFF_MESSAGES, rolePreferencesValid, type User } from '@portal/shared/domain';
import { RoleCheckboxes, useRolePreferences } from './role-preferences-fields';

export const PREFERENCES_TITLE = 'Choose the roles you will review';

/** Spec sections 4 and 5: a reviewer picks at least 3 team roles, Bootcamp always among them. */
export function RolePreferencesDialog({ user, sessionUid }: { user: User; sessionUid: string }) {
  const { roles, toggle, save } = useRolePreferences(user, sessionUid);
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
      <RoleCheckboxes roles={roles} toggle={toggle} />
    </Modal>
  );
}
