import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, InputNumber, Modal, Spin, Table, Typography } from 'antd';
import { useQueryClient } from '@portal/shared/query';
import { isApiRefusal, notify, usePortal } from '@portal/shared/client';
import { countOf, plural } from '@portal/shared/domain/ids/text';
import type { AutoAssignJob } from '@portal/shared/domain/rules/jobs';
import type { AutoAssignPreview, StaffSummary } from '@portal/shared/domain/rules/staff';
import { RoleBadge, useRoleLabel } from '@portal/shared/ui';
import { staffKeys } from '../../api/keys';
import { applyAutoAssign, previewAutoAssign, useAutoAssignProgress, useStaffSummaries } from '../../api/staff';
import { countOfJob, JobProgressBar } from '../../lib/job-progress';
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
          {
            title: 'Reviewer',
            key: 'reviewer',
            render: (_: unknown, load) =>
              load.role === 'super-reviewer' ? `${load.staffName} (super-reviewer)` : load.staffName,
          },
          { title: 'Load', key: 'load', render: (_: unknown, load) => `${load.before} → ${load.after}` },
          { title: 'Why nothing more', key: 'reason', render: (_: unknown, load) => load.reason ?? '' },
        ]}
      />
    </Flex>
  );
}

const staffName = ({ user }: StaffSummary) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * Who auto-assign may choose: every reviewer and super-reviewer, reviewers ticked by default (a
 * super-reviewer reviews only when the director adds them); a reviewer who has not chosen this
 * form's roles is marked, since auto-assign passes them by.
 */
function PoolPicker({
  staff,
  value,
  onChange,
  disabled,
}: {
  staff: StaffSummary[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
}) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong id="auto-assign-pool">
        {`Reviewer pool (${value.length} of ${staff.length})`}
      </Typography.Text>
      <Checkbox.Group
        aria-labelledby="auto-assign-pool"
        value={value}
        disabled={disabled}
        onChange={(ids) => onChange(staff.map(({ user }) => user.id).filter((id) => ids.includes(id)))}
        options={staff.map((summary) => ({
          value: summary.user.id,
          label: [
            staffName(summary),
            summary.user.role === 'super-reviewer' ? ' (super-reviewer)' : '',
            summary.rolesToChoose ? " (has not chosen this form's roles)" : '',
          ].join(''),
        }))}
      />
    </Flex>
  );
}

/** The default pool: every reviewer, no super-reviewer. */
const defaultPool = (staff: StaffSummary[]) =>
  staff.filter(({ user }) => user.role === 'reviewer').map(({ user }) => user.id);

/** A large plan's job, as the modal follows it: how many applications have their reviewers. */
function AssigningView({ job }: { job: AutoAssignJob }) {
  const said = `${countOfJob(job.processed)} of ${countOfJob(job.total)} ${plural(job.total, 'application', 'applications')} given their reviewers`;
  return (
    <JobProgressBar
      job={job}
      label="Applications assigned"
      said={`${said}. You can close this: the assigning goes on.`}
    />
  );
}

/** The dialog of "Auto-assign" (auto-assign-modal.tsx): the plan, its pool and its job. */
export function AutoAssignDialog({ formId, onClose }: { formId: string; onClose: () => void }) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [perApplication, setPerApplication] = useState(DEFAULT_PER_APPLICATION);
  const [plan, setPlan] = useState<AutoAssignPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const staff = useStaffSummaries(formId, { kind: 'review' });
  const [chosenPool, setPool] = useState<string[] | null>(null);
  const pool = chosenPool ?? defaultPool(staff.data ?? []);
  // A plan's job, once this modal learnt of one (an answer 202, or a refusal while one runs).
  const [following, setFollowing] = useState(false);
  const progress = useAutoAssignProgress(formId, following);
  const job = following ? progress.data : undefined;
  const assigning = job?.state === 'writing';
  const wasAssigning = useRef(false);
  useEffect(() => {
    if (assigning) {
      wasAssigning.current = true;
      return;
    }
    if (!job || !wasAssigning.current) return;
    wasAssigning.current = false;
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    if (job.state === 'done') {
      notify.success(`${countOf(job.created, 'review')} assigned.`);
      onClose();
    } else {
      setNotice(`Auto-assign stopped: ${job.error ?? 'an error'}. ${countOf(job.created, 'review')} assigned.`);
      setFollowing(false);
    }
  }, [assigning, job, queryClient, onClose]);

  const preview = useStaffMutation(
    (count: number) => previewAutoAssign(api, formId, { reviewersPerApplication: count, staffIds: pool }),
    {
      onSuccess: (next) => setPlan(next),
    },
  );
  const apply = useStaffMutation(
    (current: AutoAssignPreview) =>
      applyAutoAssign(api, formId, {
        reviewersPerApplication: current.reviewersPerApplication,
        staffIds: current.loads.filter((load) => load.inPool).map((load) => load.staffId),
        planId: current.planId,
      }),
    {
      success: (result) => ('kind' in result ? null : `${countOf(result.created, 'review')} assigned.`),
      onSuccess: (result) => {
        if (!('kind' in result)) return onClose();
        // Assigned by its job after the answer: followed here until it is done.
        queryClient.setQueryData(staffKeys.autoAssignProgress(formId), result);
        setFollowing(true);
      },
      onError: (error, current) => {
        if (isApiRefusal(error, 'job-running')) {
          setFollowing(true);
          return true;
        }
        if (!isApiRefusal(error, 'plan-changed')) return false;
        setNotice(error.message);
        setPlan(null);
        preview.mutate(current.reviewersPerApplication);
        return true;
      },
    },
  );

  const busy = preview.isPending || apply.isPending || assigning;
  const count = plan?.assignments.length ?? 0;

  return (
    <Modal
      open
      title="Auto-assign reviewers"
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        // While its job assigns there is nothing to cancel: the dialog's close button leaves it going.
        ...(assigning
          ? []
          : [
              <Button key="cancel" onClick={onClose}>
                Cancel
              </Button>,
            ]),
        <Button
          key="preview"
          loading={preview.isPending}
          disabled={apply.isPending || assigning || pool.length === 0}
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
          disabled={!plan || count === 0 || preview.isPending || assigning}
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
        <PoolPicker
          staff={staff.data ?? []}
          value={pool}
          disabled={busy}
          onChange={(ids) => {
            setPool(ids);
            setPlan(null);
          }}
        />
        {notice && <Alert type="warning" title={notice} />}
        {assigning ? (
          <AssigningView job={job} />
        ) : busy ? (
          <Spin description={apply.isPending ? 'Assigning reviews...' : 'Planning assignments...'}>
            <div style={{ minHeight: 80 }} />
          </Spin>
        ) : (
          plan && <PlanView plan={plan} />
        )}
      </Flex>
    </Modal>
  );
}
