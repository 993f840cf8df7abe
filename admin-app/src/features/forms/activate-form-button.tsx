import { useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import type { DeactivatedForm, FormSummary } from '@portal/shared/domain/rules/staff';
import { activateForm, useActivationImpact } from '../../api/forms';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** A form's work under way: "2 applications not submitted yet, 6 submitted applications without a decision, …". */
function workText(form: DeactivatedForm): string {
  return [
    countOf(form.drafts, 'application not submitted yet', 'applications not submitted yet'),
    countOf(
      form.openApplications,
      'submitted application without a decision',
      'submitted applications without a decision',
    ),
    countOf(form.openReviews, 'open review'),
    countOf(form.openInterviews, 'open interview'),
  ].join(', ');
}

/**
 * "Make active": a confirmation first, naming each active form it turns off with its work under
 * way (counted by the server): no one can start an application to a form once it is inactive.
 */
export function ActivateFormButton({ form }: { form: FormSummary }) {
  const { api } = usePortal();
  const [open, setOpen] = useState(false);
  const impact = useActivationImpact(form.id, open);
  const activate = useStaffMutation(() => activateForm(api, form.id), {
    success: () => `${form.semester} is now the active form.`,
    onSuccess: () => setOpen(false),
  });
  const off = impact.data?.deactivates ?? [];

  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`Make ${form.semester} active`}>
        Make active
      </Button>
      <Modal
        open={open}
        title={`Make ${form.semester} the active form?`}
        okText="Make active"
        okButtonProps={{ disabled: !impact.data }}
        confirmLoading={activate.isPending}
        onOk={() => activate.mutate(undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {impact.isPending ? (
          <Typography.Paragraph>Counting the work under way…</Typography.Paragraph>
        ) : impact.isError ? (
          <Typography.Paragraph>What this would turn off could not be loaded.</Typography.Paragraph>
        ) : off.length === 0 ? (
          <Typography.Paragraph>No other form is active: nothing is turned off.</Typography.Paragraph>
        ) : (
          <Flex vertical gap={8}>
            {off.map((other) => (
              <Typography.Paragraph key={other.id} style={{ margin: 0 }}>
                <Typography.Text strong>{other.semester}</Typography.Text>
                {` becomes inactive: no one can start a new application to it. It has ${workText(other)}.`}
              </Typography.Paragraph>
            ))}
          </Flex>
        )}
      </Modal>
    </>
  );
}
