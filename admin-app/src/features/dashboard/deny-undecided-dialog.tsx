import { useState } from 'react';
import { Checkbox, Flex, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import { applicationRowId, type DenialCandidate } from '@portal/shared/domain/rules/application-row';
import { useRoleLabel } from '@portal/shared/ui';
import { denyUndecidedUnqualified, useDenialCandidates } from '../../api/rows';
import { useStaffMutation } from '../../lib/use-staff-mutation';

const keyOf = (row: DenialCandidate) => applicationRowId(row.responseId, row.role);

/** Why a row is held back, in words: "0 of 2 reviews submitted", "the reviewers disagree". */
function holdText(row: DenialCandidate): string {
  return row.holds
    .map((hold) =>
      hold === 'open-reviews'
        ? `${row.reviewsDone} of ${countOf(row.reviewsAssigned, 'review')} submitted`
        : 'the reviewers disagree',
    )
    .join('; ');
}

const LIST_STYLE = { maxHeight: 240, overflowY: 'auto' as const, margin: 0, paddingInlineStart: 20 };

/** The dialog of "Deny undecided, unqualified…" (deny-undecided-button.tsx): the rows it denies. */
export function DenyUndecidedDialog({ formId, onClose }: { formId: string; onClose: () => void }) {
  const { api } = usePortal();
  const roleLabel = useRoleLabel();
  const [ticked, setTicked] = useState<string[]>([]);
  const candidates = useDenialCandidates(formId, true);
  const rows = candidates.data?.items ?? [];
  const deniable = rows.filter((row) => row.holds.length === 0);
  const held = rows.filter((row) => row.holds.length > 0);
  const include = held.filter((row) => ticked.includes(keyOf(row)));
  const count = deniable.length + include.length;
  const deny = useStaffMutation(
    () =>
      denyUndecidedUnqualified(
        api,
        formId,
        include.length > 0 ? { include: include.map(({ responseId, role }) => ({ responseId, role })) } : {},
      ),
    {
      success: (result) => `${countOf(result.denied, 'role application')} denied.`,
      onSuccess: onClose,
    },
  );
  const name = (row: DenialCandidate) => `${row.applicantName}, ${roleLabel(row.role)}`;
  const openReviews = held.filter((row) => row.holds.includes('open-reviews')).length;
  const disagreements = held.filter((row) => row.holds.includes('disagreement')).length;

  return (
    <Modal
      open
      title="Deny every undecided, unqualified application?"
      okText={candidates.data ? `Deny ${countOf(count, 'role application')}` : 'Deny'}
      okButtonProps={{ danger: true, disabled: !candidates.data || count === 0 }}
      confirmLoading={deny.isPending}
      onOk={() => deny.mutate(undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {candidates.isPending ? (
        <Typography.Paragraph>Counting the undecided applications…</Typography.Paragraph>
      ) : candidates.isError ? (
        <Typography.Paragraph>The undecided applications could not be counted.</Typography.Paragraph>
      ) : rows.length === 0 ? (
        <Typography.Paragraph>
          Every undecided application is marked qualified: there is nothing to deny.
        </Typography.Paragraph>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text>
            {deniable.length === 0
              ? 'No role application is denied without your choice below.'
              : `${countOf(deniable.length, 'role application')} without a decision and not marked qualified will be denied:`}
          </Typography.Text>
          {deniable.length > 0 && (
            <ul aria-label="Denied" style={LIST_STYLE}>
              {deniable.map((row) => (
                <li key={keyOf(row)}>{name(row)}</li>
              ))}
            </ul>
          )}
          {held.length > 0 && (
            <>
              <Typography.Text>
                {`${countOf(held.length, 'role application')} left out: ${openReviews} with reviews still open, ${disagreements} where the reviewers disagree. Tick one to deny it anyway:`}
              </Typography.Text>
              <Checkbox.Group
                aria-label="Left out"
                value={ticked}
                onChange={(values) => setTicked(values as string[])}
                style={{ maxHeight: 240, overflowY: 'auto' }}
              >
                <Flex vertical gap={4}>
                  {held.map((row) => (
                    <Checkbox key={keyOf(row)} value={keyOf(row)}>
                      {`${name(row)}: ${holdText(row)}`}
                    </Checkbox>
                  ))}
                </Flex>
              </Checkbox.Group>
            </>
          )}
          <Typography.Text type="secondary">
            Each denial is recorded in the audit log. Applicants see it only once decisions are released.
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
