import { Modal, Typography } from 'antd';
import { countOf } from '@portal/shared/domain/ids/text';
import { useUsersImpact } from '../../api/users';
import { ImpactList, ImpactState } from './impact-list';
import { deletedText, workText } from './impact-text';

/** The deletion's confirmation: per user, what goes with them (counted by the server) and what stays. */
export function DeleteUsersDialog(props: {
  userIds: string[];
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { userIds, open } = props;
  const impact = useUsersImpact(userIds, open);
  return (
    <Modal
      open={open}
      title={`Delete ${countOf(userIds.length, 'user')}?`}
      okText="Yes, delete"
      okButtonProps={{ danger: true, disabled: !impact.data }}
      confirmLoading={props.pending}
      onOk={props.onConfirm}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Their sign-in accounts and everything of theirs are deleted in one step. This cannot be undone.
      </Typography.Paragraph>
      <ImpactState impact={impact}>
        {(items) => (
          <ImpactList
            items={items}
            describe={(item) => {
              const deleted = deletedText(item);
              return [deleted ? `Deleted: ${deleted}.` : 'No applications or files.', ...workText(item, true)];
            }}
          />
        )}
      </ImpactState>
    </Modal>
  );
}
