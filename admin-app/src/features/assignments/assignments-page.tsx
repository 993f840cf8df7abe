import { Button, Card, Flex, Popconfirm, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { AssignmentRef, ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import { rubricFor, type Rubric } from '@portal/shared/domain/rules/scoring';
import type { StaffApplication } from '@portal/shared/domain/rules/staff';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, RoleBadge, useRoleLabel } from '@portal/shared/ui';
import { unassign } from '../../api/staff';
import { AssignStaff } from './assign-staff';
import { STAFF_NOUN } from '../../lib/labels';
import { AssessmentStateTag, assessmentScreenPath } from '../../lib/assessment-links';
import { dorPaths } from '../../lib/paths';
import { useStaffApplication } from '../../api/applications';
import { ReleasedNotice } from '../../lib/released-notice';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { FormRoles } from '../../lib/form-roles';
import { wideTable } from '../../lib/wide-table';

/** Each submitted score under its rubric prompt (the key when the rubric no longer has it). */
function ScoresCell({ scores, rubric }: { scores: AssignmentRef['scores']; rubric: Rubric | null }) {
  const entries = Object.entries(scores ?? {});
  if (entries.length === 0) return <>—</>;
  const prompt = (key: string) => rubric?.criteria.find((criterion) => criterion.key === key)?.prompt ?? key;
  return (
    <Flex vertical>
      {entries.map(([key, value]) => (
        <Typography.Text key={key}>{`${prompt(key)}: ${value}`}</Typography.Text>
      ))}
    </Flex>
  );
}

function RoleAssignments({
  kind,
  application,
  row,
}: {
  kind: AssessmentKind;
  application: StaffApplication;
  row: ApplicationRowView;
}) {
  const roleLabel = useRoleLabel();
  const { api } = usePortal();
  const remove = useStaffMutation((ref: AssignmentRef) => unassign(api, kind, ref.assessmentId), {
    success: (_data, ref) => `${ref.staffName} unassigned.`,
  });
  const refs = kind === 'review' ? row.reviews : row.interviews;
  const released = application.form.decisionsReleased;
  const rubric = rubricFor(application.form, kind, row.role);
  const noun = STAFF_NOUN[kind];

  const columns: ColumnsType<AssignmentRef> = [
    { title: 'Staff member', dataIndex: 'staffName', key: 'staff' },
    {
      title: 'State',
      key: 'state',
      render: (_: unknown, ref) => <AssessmentStateTag state={ref.state} />,
    },
    { title: 'Scores', key: 'scores', render: (_: unknown, ref) => <ScoresCell scores={ref.scores} rubric={rubric} /> },
    {
      title: 'Comments',
      key: 'comments',
      render: (_: unknown, ref) =>
        ref.comments ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{ref.comments}</Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, ref) => (
        <Flex gap={12} align="center">
          <Link
            to={assessmentScreenPath(
              { kind, responseId: application.response.id, id: ref.assessmentId, role: row.role },
              application.form.id,
              application.form,
            )}
          >
            Open
          </Link>
          <Popconfirm
            title={`Unassign ${ref.staffName}?`}
            okText="Unassign"
            disabled={released || ref.state === 'submitted'}
            onConfirm={() => remove.mutate(ref)}
          >
            <Button
              danger
              size="small"
              disabled={released || ref.state === 'submitted'}
              title={ref.state === 'submitted' ? 'Submitted: reopen it first' : undefined}
              loading={remove.isPending && remove.variables.assessmentId === ref.assessmentId}
            >
              Unassign
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card title={<RoleBadge role={row.role} />} role="region" aria-label={`${roleLabel(row.role)} ${noun.many}`}>
      <Flex vertical gap={12}>
        <Table<AssignmentRef>
          rowKey="assessmentId"
          size="small"
          {...wideTable('max-content')}
          columns={columns}
          dataSource={refs}
          pagination={false}
          locale={{ emptyText: `No ${noun.many} assigned yet.` }}
        />
        <Flex align="center" gap={8} wrap>
          <Typography.Text>{`Assign another ${noun.one}:`}</Typography.Text>
          <AssignStaff
            formId={application.form.id}
            kind={kind}
            responseId={row.responseId}
            role={row.role}
            exclude={[row.userId, ...refs.map((ref) => ref.staffId)]}
            disabled={released}
          />
        </Flex>
      </Flex>
    </Card>
  );
}

/** `/admin/dor/reviews/{responseId}` and `/admin/dor/interviews/{responseId}`: who is assigned, per role. */
export function AssignmentsPage({ kind }: { kind: AssessmentKind }) {
  const { responseId = '' } = useParams();
  const application = useStaffApplication(responseId);
  const title = kind === 'review' ? 'Reviews' : 'Interviews';

  if (application.isError) {
    return (
      <LoadError
        title={`The ${title.toLowerCase()} could not be loaded.`}
        error={application.error}
        onRetry={() => void application.refetch()}
      />
    );
  }
  if (application.isPending) return <PageSkeleton label={`Loading ${title.toLowerCase()}`} />;

  const { applicant, form, rows } = application.data;
  return (
    <FormRoles form={form}>
      <Flex vertical gap={16}>
        <PageTitle>{`${title} for ${applicant.firstName} ${applicant.lastName}`.trim()}</PageTitle>
        <Link to={dorPaths.application(form.id, responseId)}>View the application</Link>
        {form.decisionsReleased && <ReleasedNotice />}
        {rows.length === 0 ? (
          <Typography.Text>This application has no submitted roles.</Typography.Text>
        ) : (
          rows.map((row) => <RoleAssignments key={row.id} kind={kind} application={application.data} row={row} />)
        )}
      </Flex>
    </FormRoles>
  );
}
