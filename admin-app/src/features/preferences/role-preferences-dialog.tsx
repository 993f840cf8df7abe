import { Button, Modal, Typography } from 'antd';
import { reviewRoleRuleText, rolePreferencesValid } from '@portal/shared/domain/rules/team-roles';
import type { User } from '@portal/shared/domain/schemas/forms';
import type { ReviewRoleForm } from '../../lib/form-roles';
import { RoleCheckboxes, useRolePreferences } from './role-preferences-fields';

export const PREFERENCES_TITLE = 'Choose the roles you will review';

/**
 * docs/product.md#reviewer-role-preferences: a reviewer picks the active form's roles by its rule (the default: at
 * least 3 team roles, Bootcamp always among them).
 */
export function RolePreferencesDialog({
  user,
  sessionUid,
  form,
}: {
  user: User;
  sessionUid: string;
  form: ReviewRoleForm;
}) {
  const { roles, toggle, save } = useRolePreferences(user, sessionUid, form);
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
          disabled={!rolePreferencesValid(roles, form)}
          loading={save.isPending}
          onClick={() => save.mutate(undefined)}
        >
          Submit
        </Button>
      }
    >
      <Typography.Paragraph>{reviewRoleRuleText(form)}</Typography.Paragraph>
      <RoleCheckboxes roles={roles} toggle={toggle} form={form} />
    </Modal>
  );
}
