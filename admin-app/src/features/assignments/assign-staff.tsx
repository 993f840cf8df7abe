import { useState } from 'react';
import { Button, Flex, Select } from 'antd';
import { usePortal } from '@portal/shared/client';
import type { AssessmentKind, TeamRole } from '@portal/shared/domain/ids/constants';
import { displayName } from '@portal/shared/domain/rules/search';
import { lazyDialog } from '@portal/shared/ui';
import { assignStaff, isConflictRefusal, useStaffSummaries } from '../../api/staff';
import { STAFF_NOUN } from '../../lib/labels';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** Loaded when the server asks: antd's Modal does not come with each row's picker. */
const ConflictOfInterestDialog = lazyDialog(() => import('./conflict-of-interest-dialog'), 'ConflictOfInterestDialog');

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
  // Someone who declared a conflict of interest with the applicant: the server asks, the user confirms.
  const [conflict, setConflict] = useState<{ staffId: string; message: string } | null>(null);
  const assign = useStaffMutation(
    ({ id, acknowledge = false }: { id: string; acknowledge?: boolean }) =>
      assignStaff(api, {
        kind,
        assignments: [{ responseId, role, staffId: id }],
        ...(acknowledge && { acknowledgeConflicts: true }),
      }),
    {
      success: () => `${noun.title} assigned.`,
      onSuccess: () => {
        setStaffId(undefined);
        setConflict(null);
      },
      onError: (error, { id }) => {
        if (!isConflictRefusal(error)) return false;
        setConflict({ staffId: id, message: error.message });
        return true;
      },
    },
  );
  const options = (staff.data ?? [])
    .filter((summary) => !exclude.includes(summary.user.id))
    .map((summary) => ({ value: summary.user.id, label: displayName(summary.user) }));

  return (
    // Side by side where there is room; in a narrow table cell the button goes under the picker.
    <Flex wrap gap={4}>
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
        onClick={() => staffId && assign.mutate({ id: staffId })}
      >
        Assign
      </Button>
      {conflict && (
        <ConflictOfInterestDialog
          message={conflict.message}
          assigning={assign.isPending}
          onConfirm={() => assign.mutate({ id: conflict.staffId, acknowledge: true })}
          onCancel={() => setConflict(null)}
        />
      )}
    </Flex>
  );
}
