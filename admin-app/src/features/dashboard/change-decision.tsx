import { useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { REVIEW_DECISION_LABELS, type FinalDecision } from '@portal/shared/domain/ids/constants';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import { useRoleLabel } from '@portal/shared/ui';
import { changeReleasedDecision } from '../../api/rows';
import { DECISION_OPTIONS, OFFER_LABELS } from '../../lib/labels';
import { useStaffMutation } from '../../lib/use-staff-mutation';

type DecidedRow = ApplicationRowView & { decision: FinalDecision };

/** What the dialog says the change does: the applicant is told, and what happens to the offer. */
export const CHANGE_DECISION_TEXTS = {
  told: (name: string) =>
    `${name} will be told: they get the new decision's letter by email, and their decision page shows it at once.`,
  replyCleared: (reply: string) => `Their reply to the current offer (${reply}) is cleared.`,
  newOffer: 'An offer waits for their reply again, with the offer deadline if the form sets one.',
  done: (name: string) => `Decision changed. ${name} will be told by email.`,
} as const;

/**
 * After release, a decided row's "Change decision…": a super-reviewer gives the row another final
 * decision (a waitlisted applicant offered a declined place, or a correction). The dialog says
 * the applicant will be told; the server sends the new letter, updates their pages and audits it.
 */
export function ChangeDecisionButton({ row }: { row: DecidedRow }) {
  const { api } = usePortal();
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState<FinalDecision | undefined>(undefined);
  const close = () => {
    setOpen(false);
    setNext(undefined);
  };
  const change = useStaffMutation(
    (decision: FinalDecision) => changeReleasedDecision(api, row.responseId, row.role, { decision }),
    { success: () => CHANGE_DECISION_TEXTS.done(row.applicantName), onSuccess: close },
  );
  const target = `${row.applicantName}, ${roleLabel(row.role)}`;
  const reply = row.offer === 'accepted' || row.offer === 'declined' ? row.offer : undefined;

  return (
    <>
      <Button
        size="small"
        aria-label={`Change the decision for ${target}`}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'start' }}
      >
        Change decision…
      </Button>
      <Modal
        open={open}
        title={`Change the released decision for ${target}?`}
        okText="Change and tell the applicant"
        okButtonProps={{ disabled: !next }}
        confirmLoading={change.isPending}
        onOk={() => next && change.mutate(next)}
        onCancel={close}
        destroyOnHidden
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
    </>
  );
}
