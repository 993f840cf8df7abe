import { useState } from 'react';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { useQueryClient } from '@portal/shared/query';
import type { AssessmentView } from '@portal/shared/domain/rules/staff';
import { CONFLICT_MESSAGES, MAX_CONFLICT_REASON_CHARS } from '@portal/shared/domain/schemas/conflicts';
import { useNavigate } from '@portal/shared/router';
import { declareConflictOn } from '../../api/conflicts';
import { staffKeys } from '../../api/keys';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/**
 * "Declare a conflict of interest" on one's own open review or interview: a reason is optional;
 * the application leaves the caller's list at once, and they go back to it. The screen's own query
 * is dropped first: the review is no longer theirs, so refreshing it would only answer 404.
 */
export function DeclareConflictButton({ assessment }: { assessment: AssessmentView }) {
  const { api } = usePortal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const declare = useStaffMutation(() => declareConflictOn(api, assessment.kind, assessment.id, reason), {
    success: () => CONFLICT_MESSAGES.declaredToast,
    onSuccess: async () => {
      const screenKey = staffKeys.assessment(assessment.kind, assessment.id);
      await queryClient.cancelQueries({ queryKey: screenKey });
      queryClient.removeQueries({ queryKey: screenKey });
      setOpen(false);
      const tab = assessment.kind === 'review' ? 'apps' : 'interviews';
      navigate(`/admin/reviewer/dashboard/${encodeURIComponent(assessment.applicationFormId)}/${tab}`);
    },
  });
  return (
    <>
      <Button type="link" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
        Declare a conflict of interest
      </Button>
      <Modal
        open={open}
        title="Declare a conflict of interest"
        okText="Declare conflict"
        okButtonProps={{ danger: true }}
        confirmLoading={declare.isPending}
        onOk={() => declare.mutate(undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text>
            You know this applicant (a friend, a flatmate, family…). The {assessment.kind} is taken off your list at
            once and given to someone else; you will not be assigned to them again.
          </Typography.Text>
          <label htmlFor="conflict-reason">Reason (optional, the director of recruitment reads it)</label>
          <Input.TextArea
            id="conflict-reason"
            rows={3}
            maxLength={MAX_CONFLICT_REASON_CHARS}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Flex>
      </Modal>
    </>
  );
}
