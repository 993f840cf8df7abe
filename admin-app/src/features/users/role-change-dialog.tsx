import { useState } from 'react';
import { Alert, Flex, Modal, Radio, Typography } from 'antd';
import { isStaffRole, USER_ROLE_LABELS, type UserRole } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import type { OpenAssignment, UserImpact } from '@portal/shared/domain/rules/staff';
import type { OpenAssignmentAction } from '@portal/shared/domain/schemas/staff-api';
import { RoleBadge } from '@portal/shared/ui';
import { useUsersImpact } from '../../api/users';
import { ImpactState, PlainList } from './impact-list';
import { openStateLabel } from './impact-text';

type OpenRow = OpenAssignment & { staffName: string };

function Warnings({ items, role }: { items: UserImpact[]; role: UserRole }) {
  const applied = isStaffRole(role) ? items.filter((item) => item.applications > 0 && !isStaffRole(item.role)) : [];
  const leaving = role === 'applicant' ? items.filter((item) => item.openAssignments.length > 0) : [];
  const open: OpenRow[] = leaving.flatMap((item) =>
    item.openAssignments.map((each) => ({ ...each, staffName: item.name || item.email })),
  );
  if (applied.length === 0 && open.length === 0) {
    return <Typography.Text type="secondary">Nothing else changes.</Typography.Text>;
  }
  return (
    <Flex vertical gap={12}>
      {applied.map((item) => (
        <Alert
          key={item.id}
          type="warning"
          showIcon
          title={`${item.name || item.email} has an application.`}
          description="They keep access to its status, decision and offer under Apply, and are never assigned to review it."
        />
      ))}
      {open.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            title={`${countOf(open.length, 'open review or interview', 'open reviews and interviews')} would be left without a reviewer.`}
          />
          <PlainList
            label="Open reviews and interviews"
            items={open}
            render={(row) => ({
              key: row.assessmentId,
              node: (
                <Flex wrap gap={8} align="center">
                  <Typography.Text strong>{row.applicantName}</Typography.Text>
                  <RoleBadge role={row.role} />
                  <Typography.Text type="secondary">
                    {`${row.kind === 'review' ? 'Review' : 'Interview'} (${openStateLabel(row.state)}) by ${row.staffName}`}
                  </Typography.Text>
                </Flex>
              ),
            })}
          />
        </>
      )}
    </Flex>
  );
}

/** The role change's confirmation: warns about applications and moves a demoted reviewer's open work. */
export function RoleChangeDialog(props: {
  userIds: string[];
  role: UserRole;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (openAssignments: OpenAssignmentAction | undefined) => void;
}) {
  const { userIds, role, open } = props;
  const impact = useUsersImpact(userIds, open);
  const [action, setAction] = useState<OpenAssignmentAction>('reassign');
  const hasOpen = role === 'applicant' && (impact.data ?? []).some((item) => item.openAssignments.length > 0);
  return (
    <Modal
      open={open}
      title={`Make ${countOf(userIds.length, 'user')} ${USER_ROLE_LABELS[role]}?`}
      okText="Change role"
      okButtonProps={{ disabled: !impact.data }}
      confirmLoading={props.pending}
      onOk={() => props.onConfirm(hasOpen ? action : undefined)}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <ImpactState impact={impact}>
        {(items) => (
          <Flex vertical gap={12}>
            <Warnings items={items} role={role} />
            {hasOpen && (
              <Radio.Group
                aria-label="Open reviews and interviews"
                value={action}
                onChange={(event) => setAction(event.target.value as OpenAssignmentAction)}
                options={[
                  { value: 'reassign', label: 'Reassign them to the least loaded eligible reviewers' },
                  { value: 'unassign', label: 'Unassign them' },
                ]}
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              />
            )}
          </Flex>
        )}
      </ImpactState>
    </Modal>
  );
}
