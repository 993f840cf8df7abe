import { useState } from 'react';
import { Alert, Flex, Modal, Select, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { REVIEW_DECISION_LABELS, type FinalDecision } from '@portal/shared/domain/ids/constants';
import { useRoleLabel } from '@portal/shared/ui';
import { changeReleasedDecision } from '../../api/rows';
import { DECISION_OPTIONS, OFFER_LABELS } from '../../lib/labels';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { CHANGE_DECISION_TEXTS, type DecidedRow } from './change-decision-texts';

/** The dialog of a released row's "Change decision…" (change-decision.tsx): the new decision, and what the change does. */
export function ChangeDecisionDialog({ row, onClose }: { row: DecidedRow; onClose: () => void }) {
  const { api } = usePortal();
  const roleLabel = useRoleLabel();
  const [next, setNext] = useState<FinalDecision | undefined>(undefined);
  const change = useStaffMutation(
    (decision: FinalDecision) => changeReleasedDecision(api, row.responseId, row.role, { decision }),
    { success: () => CHANGE_DECISION_TEXTS.done(row.applicantName), onSuccess: onClose },
  );
  const target = `${row.applicantName}, ${roleLabel(row.role)}`;
  const reply = row.offer === 'accepted' || row.offer === 'declined' ? row.offer : undefined;

  return (
    <Modal
      open
      title={`Change the released decision for ${target}?`}
      okText="Change and tell the applicant"
      okButtonProps={{ disabled: !next }}
      confirmLoading={change.isPending}
      onOk={() => next && change.mutate(next)}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          Released decision: <strong>{REVIEW_DECISION_LABELS[row.decision]}</strong>
          {row.offer && ` (${OFFER_LABELS[row.offer]})`}
        </Typography.Text>
        <Select<FinalDecision>
          aria-label="New decision"
          placeholder="Choose the new decision"
          options={DECISION_OPTIONS.filter((option) => option.value !== row.decision)}
          value={next}
          onChange={setNext}
        />
        <Alert type="warning" showIcon title={CHANGE_DECISION_TEXTS.told(row.applicantName)} />
        {reply && <Typography.Text>{CHANGE_DECISION_TEXTS.replyCleared(reply)}</Typography.Text>}
        {next === 'accepted' && <Typography.Text>{CHANGE_DECISION_TEXTS.newOffer}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
