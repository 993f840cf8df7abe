import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import { deleteLeftovers } from '../../api/users';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/**
 * The repair for dashboard rows whose applicant no longer has an account (an older version could
 * leave them when an applicant was deleted while submitting): they can be neither decided nor
 * deleted from the users list, which does not show them.
 */
export function LeftoversButton() {
  const { api } = usePortal();
  const [open, setOpen] = useState(false);
  const remove = useStaffMutation(() => deleteLeftovers(api), {
    success: ({ removed }) =>
      removed === 0
        ? 'Nothing to remove: every application belongs to a user.'
        : `Removed what ${countOf(removed, 'deleted user')} left.`,
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} loading={remove.isPending}>
        Remove deleted users&apos; leftovers
      </Button>
      <Modal
        open={open}
        title="Remove deleted users' leftovers?"
        okText="Yes, remove"
        okButtonProps={{ danger: true }}
        confirmLoading={remove.isPending}
        onOk={() => remove.mutate(undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Applications, reviews and files of users whose account was deleted are removed from every form, as deleting
          the user would have. This cannot be undone.
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
