import { useState } from 'react';
import { Button, Space } from 'antd';
import { Select } from '@portal/shared/antd-admin';
import { usePortal } from '@portal/shared/client';
import { displayName, type AssessmentKind, type TeamRole } from '@portal/shared/domain';
import { assignStaff, useStaffSummaries } from '../../api/staff';
import { STAFF_NOUN } from '../../lib/labels';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** A staff member picker and "Assign": one review or interview assignment for a response and role. */
export function AssignStaff({
  formId,
  kind,
  responseId,
  role,
  exclude = [],
  disabled = false,
}: {
  formId: string;
  kind: AssessmentKind;
  responseId: string;
  role: TeamRole;
  /** Staff already assigned, and the applicant themself: not offered. */
  exclude?: readonly string[];
  /** Decisions released: nothing can be assigned. */
  disabled?: boolean;
}) {
  const { api } = usePortal();
  const staff = useStaffSummaries(formId, { kind });
  const [staffId, setStaffId] = useState<string | undefined>();
  const noun = STAFF_NOUN[kind];
  const assign = useStaffMutation(
    (id: string) => assignStaff(api, { kind, assignments: [{ responseId, role, staffId: id }] }),
    { success: () => `${noun.title} assigned!`, onSuccess: () => setStaffId(undefined) },
  );
  const options = (staff.data ?? [])
    .filter((summary) => !exclude.includes(summary.user.id))
    .map((summary) => ({ value: summary.user.id, label: displayName(summary.user) }));

  return (
    <Space.Compact>
      <Select
        aria-label={noun.title}
        placeholder={`Choose ${noun.aOne}`}
        style={{ width: 160 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={staff.isPending}
        disabled={disabled}
        options={options}
        value={staffId}
        onChange={setStaffId}
      />
      <Button
        disabled={disabled || !staffId}
        loading={assign.isPending}
        onClick={() => staffId && assign.mutate(staffId)}
      >
        Assign
      </Button>
    </Space.Compact>
  );
}
