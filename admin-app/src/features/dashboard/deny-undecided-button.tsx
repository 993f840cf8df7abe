import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import { denyUndecidedUnqualified, useUndecidedCounts } from '../../api/rows';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** "Deny undecided, unqualified…": one confirmed action that denies each such row (the server audits each). */
export function DenyUndecidedButton({ formId, disabled }: { formId: string; disabled: boolean }) {
  const { api } = usePortal();
  const [open, setOpen] = useState(false);
  const counts = useUndecidedCounts(formId, open);
  const deny = useStaffMutation(() => denyUndecidedUnqualified(api, formId), {
    success: (result) => `${countOf(result.denied, 'role application')} denied.`,
    onSuccess: () => setOpen(false),
  });
  const count = counts.data?.unqualifiedRows ?? 0;

  return (
    <>
      <Button danger disabled={disabled} onClick={() => setOpen(true)}>
        Deny undecided, unqualified…
      </Button>
      <Modal
        open={open}
        title="Deny every undecided, unqualified application?"
        okText={counts.data ? `Deny ${countOf(count, 'role application')}` : 'Deny'}
        okButtonProps={{ danger: true, disabled: !counts.data || count === 0 }}
        confirmLoading={deny.isPending}
        onOk={() => deny.mutate(undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {counts.isPending
            ? 'Counting the undecided applications…'
            : counts.isError
              ? 'The undecided applications could not be counted.'
              : count === 0
                ? 'Every undecided application is marked qualified: there is nothing to deny.'
                : `${countOf(count, 'role application')} without a decision and not marked qualified will be denied. Each denial is recorded in the audit log. Applicants see it only once decisions are released.`}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
