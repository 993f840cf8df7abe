import { useState } from 'react';
import { Button, Flex, Select, Space, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { type AssessmentKind, type FinalDecision, REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import { refsOf, type ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import { displayName } from '@portal/shared/domain/rules/search';
import type { RowTab } from '@portal/shared/domain/schemas/staff-api';
import { lazyDialog } from '@portal/shared/ui';
import { decideRows, qualifyRows } from '../../api/rows';
import { assignStaff, useStaffSummaries } from '../../api/staff';
import { DECISION_OPTIONS, STAFF_NOUN } from '../../lib/labels';
import type { Pending } from './bulk-confirm-dialog';

/** Loaded when it opens: antd's Modal comes with it, not with the dashboard. */
const BulkConfirmDialog = lazyDialog(() => import('./bulk-confirm-dialog'), 'BulkConfirmDialog');

type Row = ApplicationRowView;

const keysOf = (rows: readonly Row[]) => rows.map(({ responseId, role }) => ({ responseId, role }));
const rowsText = (count: number) => countOf(count, 'selected role application');
/** The button's verb for a decision: "Accept 3 role applications". */
const DECISION_VERBS: Record<FinalDecision, string> = { accepted: 'Accept', denied: 'Deny', waitlist: 'Waitlist' };

/**
 * What the director does to the selected rows at once: qualify (All tab), decide, or assign one
 * more reviewer (All tab) or interviewer (Qualified tab). Each asks for one confirmation; the server
 * writes them in one transaction with an audit entry per row.
 */
export function BulkActions({
  formId,
  tab,
  selected,
  readOnly,
  onDone,
}: {
  formId: string;
  tab: RowTab;
  selected: readonly Row[];
  readOnly: boolean;
  /** After a change went through: the selection is cleared. */
  onDone: () => void;
}) {
  const { api } = usePortal();
  const kind: AssessmentKind = tab === 'all' ? 'review' : 'interview';
  const noun = STAFF_NOUN[kind];
  const staff = useStaffSummaries(formId, { kind });
  const [staffId, setStaffId] = useState<string | undefined>();
  const [pending, setPending] = useState<Pending | null>(null);
  const count = selected.length;
  const disabled = readOnly || count === 0;

  const qualify = (qualified: boolean) =>
    setPending({
      title: `Mark ${rowsText(count)} ${qualified ? 'qualified' : 'not qualified'}?`,
      text: `${rowsText(count)} will be marked ${qualified ? 'qualified' : 'not qualified'}. Each change is recorded in the audit log.`,
      okText: `${qualified ? 'Qualify' : 'Unqualify'} ${countOf(count, 'role application')}`,
      run: () => qualifyRows(api, formId, { rows: keysOf(selected), qualified }),
    });

  const decide = (decision: FinalDecision) =>
    setPending({
      title: `${DECISION_VERBS[decision]} ${rowsText(count)}?`,
      text: `${rowsText(count)} will be decided "${REVIEW_DECISION_LABELS[decision]}". Each decision is recorded in the audit log. Applicants see it only once decisions are released.`,
      okText: `${DECISION_VERBS[decision]} ${countOf(count, 'role application')}`,
      danger: decision === 'denied',
      run: () => decideRows(api, formId, { rows: keysOf(selected), decision }),
    });

  const assign = (id: string) => {
    const name = staff.data?.find((summary) => summary.user.id === id)?.user;
    // Their own application, or one they already have: the server would refuse the whole batch.
    const open = selected.filter((row) => row.userId !== id && !refsOf(row, kind).some((ref) => ref.staffId === id));
    const skipped = count - open.length;
    setPending({
      title: `Assign ${name ? displayName(name) : noun.aOne} to ${rowsText(count)}?`,
      text: [
        `${countOf(open.length, kind)} will be assigned, each recorded in the audit log.`,
        skipped > 0 ? `${countOf(skipped, 'selected role application')} left out: already assigned or their own.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      okText: `Assign ${countOf(open.length, kind)}`,
      run: () =>
        open.length === 0
          ? Promise.resolve()
          : assignStaff(api, {
              kind,
              assignments: open.map((row) => ({ responseId: row.responseId, role: row.role, staffId: id })),
            }),
    });
  };

  return (
    <Flex align="center" gap={8} wrap role="group" aria-label="Selected applications">
      <Typography.Text type="secondary">
        {count === 0 ? 'Select rows to act on several at once' : `${countOf(count, 'role application')} selected`}
      </Typography.Text>
      {tab === 'all' && (
        <>
          <Button disabled={disabled} onClick={() => qualify(true)}>
            Qualify
          </Button>
          <Button disabled={disabled} onClick={() => qualify(false)}>
            Unqualify
          </Button>
        </>
      )}
      <Select<FinalDecision>
        aria-label="Decide the selected"
        placeholder="Decide…"
        style={{ width: 130 }}
        disabled={disabled}
        value={null}
        options={DECISION_OPTIONS}
        onChange={decide}
      />
      <Space.Compact>
        <Select
          aria-label={`${noun.title} for the selected`}
          placeholder={`Choose ${noun.aOne}`}
          style={{ width: 170 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={staff.isPending}
          disabled={disabled}
          value={staffId}
          onChange={setStaffId}
          options={(staff.data ?? []).map((summary) => ({ value: summary.user.id, label: displayName(summary.user) }))}
        />
        <Button disabled={disabled || !staffId} onClick={() => staffId && assign(staffId)}>
          Assign to selected
        </Button>
      </Space.Compact>
      {pending && (
        <BulkConfirmDialog
          action={pending}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            setStaffId(undefined);
            onDone();
          }}
        />
      )}
    </Flex>
  );
}
