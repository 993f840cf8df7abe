import { Modal, Typography } from 'antd';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** The action waiting for the director's confirmation. */
export interface Pending {
  title: string;
  text: string;
  okText: string;
  danger?: boolean;
  run: () => Promise<unknown>;
}

/**
 * The confirmation of a bulk action (bulk-actions.tsx): its title, what it does and its button;
 * confirmed, it runs the action and then `onDone`.
 */
export function BulkConfirmDialog({
  action,
  onClose,
  onDone,
}: {
  action: Pending;
  onClose: () => void;
  /** After the change went through. */
  onDone: () => void;
}) {
  const run = useStaffMutation((each: Pending) => each.run(), {
    success: (_data, each) => `${each.okText}: done.`,
    onSuccess: onDone,
  });
  return (
    <Modal
      open
      title={action.title}
      okText={action.okText}
      okButtonProps={{ danger: action.danger }}
      confirmLoading={run.isPending}
      onOk={() => run.mutate(action)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{action.text}</Typography.Paragraph>
    </Modal>
  );
}
