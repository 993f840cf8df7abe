import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Modal, Spin, Table, Typography } from 'antd';
import { isApiRefusal, usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import type { AutoAssignPreview } from '@portal/shared/domain/rules/staff';
import { RoleBadge, useRoleLabel } from '@portal/shared/ui';
import { applyAutoAssign, previewAutoAssign } from '../../api/staff';
import { useStaffMutation } from '../../lib/use-staff-mutation';

const DEFAULT_PER_APPLICATION = 2;

function PlanView({ plan }: { plan: AutoAssignPreview }) {
  const roleLabel = useRoleLabel();
  return (
    <Flex vertical gap={12}>
      <Table
        size="small"
        rowKey={(item) => `${item.responseId}__${item.role}__${item.staffId}`}
        dataSource={plan.assignments}
        pagination={plan.assignments.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: 'Nothing to assign: every application has its reviewers.' }}
        columns={[
          { title: 'Applicant', dataIndex: 'applicantName', key: 'applicant' },
          { title: 'Role', key: 'role', render: (_: unknown, item) => <RoleBadge role={item.role} /> },
          { title: 'Reviewer', dataIndex: 'staffName', key: 'reviewer' },
        ]}
      />
      {plan.unfilled.length > 0 && (
        <Alert
          type="warning"
          title="Not enough eligible reviewers for:"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {plan.unfilled.map((row) => (
                <li key={`${row.responseId}__${row.role}`}>
                  {`${row.applicantName} (${roleLabel(row.role)}): ${row.missing} more needed`}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        Reviewer load
      </Typography.Title>
      <Table
        size="small"
        rowKey="staffId"
        dataSource={plan.loads}
        pagination={false}
        columns={[
          { title: 'Reviewer', dataIndex: 'staffName', key: 'reviewer' },
          { title: 'Load', key: 'load', render: (_: unknown, load) => `${load.before} → ${load.after}` },
        ]}
      />
    </Flex>
  );
}

/** "Auto-assign": preview a balanced plan of review assignments, then apply exactly that plan. */
export function AutoAssignButton({ formId, disabled = false }: { formId: string; disabled?: boolean }) {
  const { api } = usePortal();
  const [open, setOpen] = useState(false);
  const [perApplication, setPerApplication] = useState(DEFAULT_PER_APPLICATION);
  const [plan, setPlan] = useState<AutoAssignPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const preview = useStaffMutation(
    (count: number) => previewAutoAssign(api, formId, { reviewersPerApplication: count }),
    {
      onSuccess: (next) => setPlan(next),
    },
  );
  const apply = useStaffMutation(
    (current: AutoAssignPreview) =>
      applyAutoAssign(api, formId, {
        reviewersPerApplication: current.reviewersPerApplication,
        planId: current.planId,
      }),
    {
      success: (result) => `${countOf(result.created, 'review')} assigned.`,
      onSuccess: () => close(),
      onError: (error, current) => {
        if (!isApiRefusal(error, 'plan-changed')) return false;
        setNotice(error.message);
        setPlan(null);
        preview.mutate(current.reviewersPerApplication);
        return true;
      },
    },
  );

  function close() {
    setOpen(false);
    setPlan(null);
    setNotice(null);
  }

  const busy = preview.isPending || apply.isPending;
  const count = plan?.assignments.length ?? 0;

  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Auto-assign
      </Button>
      <Modal
        open={open}
        title="Auto-assign reviewers"
        width={720}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close}>
            Cancel
          </Button>,
          <Button
            key="preview"
            loading={preview.isPending}
            disabled={apply.isPending}
            onClick={() => {
              setNotice(null);
              preview.mutate(perApplication);
            }}
          >
            Preview
          </Button>,
          <Button
            key="apply"
            type="primary"
            disabled={!plan || count === 0 || preview.isPending}
            loading={apply.isPending}
            onClick={() => plan && apply.mutate(plan)}
          >
            {`Assign ${countOf(count, 'review')}`}
          </Button>,
        ]}
      >
        <Flex vertical gap={16}>
          <Flex align="center" gap={8}>
            <label htmlFor="reviewers-per-application">Reviewers per application</label>
            <InputNumber
              id="reviewers-per-application"
              min={1}
              max={5}
              precision={0}
              value={perApplication}
              disabled={busy}
              onChange={(value) => {
                setPerApplication(value ?? DEFAULT_PER_APPLICATION);
                setPlan(null);
              }}
            />
          </Flex>
          {notice && <Alert type="warning" title={notice} />}
          {busy ? (
            <Spin description={apply.isPending ? 'Assigning reviews...' : 'Planning assignments...'}>
              <div style={{ minHeight: 80 }} />
            </Spin>
          ) : (
            plan && <PlanView plan={plan} />
          )}
        </Flex>
      </Modal>
    </>
  );
}
