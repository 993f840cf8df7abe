import { useState } from 'react';
import { Flex, Modal, Select, Typography } from 'antd';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import type { FormDraft } from './draft';
import { roleReferences, withoutRole } from './roles-draft';

const REMOVE = '';

/**
 * Deleting a role that other parts of the form name: the dialog lists them and deletes the role
 * with them removed (what was for that role alone goes too) or given to another role.
 */
export function RoleDeleteDialog({
  draft,
  index,
  onClose,
  onChange,
}: {
  draft: FormDraft;
  /** The role to delete; null: the dialog is closed. */
  index: number | null;
  onClose: () => void;
  onChange: (draft: FormDraft) => void;
}) {
  const [target, setTarget] = useState(REMOVE);
  const roles = formTeamRoles(draft);
  const role = index === null ? undefined : roles[index];
  const references = role ? roleReferences(draft, role.id) : [];
  const name = role?.label || role?.id || '';
  const close = () => {
    setTarget(REMOVE);
    onClose();
  };
  return (
    <Modal
      open={Boolean(role)}
      title={`Delete the role "${name}"?`}
      okText="Delete the role"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      onCancel={close}
      onOk={() => {
        if (index !== null) onChange(withoutRole(draft, index, target || undefined));
        close();
      }}
    >
      <Flex vertical gap={8}>
        <Typography.Text>{`These parts of the form name ${name}:`}</Typography.Text>
        <ul aria-label={`Where ${name} is used`} style={{ margin: 0, paddingLeft: 20 }}>
          {references.map((reference) => (
            <li key={reference.where}>
              {reference.where}
              {reference.only && target === REMOVE ? ': for this role alone, deleted with it' : ''}
            </li>
          ))}
        </ul>
        <label htmlFor="builder-role-delete-target">What happens to them</label>
        <Select
          id="builder-role-delete-target"
          value={target}
          getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
          options={[
            { value: REMOVE, label: `Remove ${name} from them` },
            ...roles
              .filter((other) => other.id !== role?.id)
              .map((other) => ({ value: other.id, label: `Give them to ${other.label || other.id}` })),
          ]}
          onChange={(value: string) => setTarget(value)}
        />
        {target !== REMOVE && (
          <Typography.Text type="secondary">
            A role has one rubric of each kind and one letter per decision: where the role you give them to has its own
            already, {name}&apos;s is deleted.
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
