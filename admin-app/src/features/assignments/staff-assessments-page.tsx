import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, usePortal } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { AssessmentView } from '@portal/shared/domain/rules/staff';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, RoleBadge } from '@portal/shared/ui';
import { useStaffAssessments } from '../../api/assessments';
import { countOf } from '@portal/shared/domain/ids/text';
import { scoreText } from '../../lib/labels';
import { PagedTable } from '../../lib/paged-table';
import { AssessmentStateTag, assessmentScreenPath } from '../../lib/assessment-links';
import { dorPaths } from '../../lib/paths';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { FormRoles } from '../../lib/form-roles';

/** `/admin/dor/reviewer/{formId}/{id}` and `/admin/dor/interviewer/{formId}/{id}`: one staff member's assessments. */
export function StaffAssessmentsPage({ kind }: { kind: AssessmentKind }) {
  const { formId = '', staffId = '' } = useParams();
  const { api } = usePortal();
  const pages = useCursorPages(`${kind}|${staffId}`);
  const list = useStaffAssessments(formId, { kind, staffId, cursor: pages.cursor ?? undefined });
  const form = useQuery({ ...formQueryOptions(api, formId), enabled: kind === 'review' });
  const title = kind === 'review' ? 'Assigned reviews' : 'Assigned interviews';

  if (list.isError) {
    return <LoadError title={`${title} could not be loaded.`} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.isPending) return <PageSkeleton label={`Loading ${title.toLowerCase()}`} />;

  const columns: ColumnsType<AssessmentView> = [
    {
      title: 'Applicant',
      key: 'applicant',
      render: (_: unknown, item) => (
        <Link to={dorPaths.application(formId, item.responseId)}>{item.applicantName}</Link>
      ),
    },
    { title: 'Role', key: 'role', render: (_: unknown, item) => <RoleBadge role={item.role} /> },
    {
      title: 'State',
      key: 'state',
      render: (_: unknown, item) => <AssessmentStateTag state={item.state} />,
    },
    { title: 'Score', key: 'score', render: (_: unknown, item) => scoreText(item.score) },
    {
      title: '',
      key: 'open',
      render: (_: unknown, item) => <Link to={assessmentScreenPath(item, formId, form.data)}>Open</Link>,
    },
  ];

  const staffName = list.data.items[0]?.staffName;
  return (
    <FormRoles form={form.data}>
      <Flex vertical gap={12}>
        <PageTitle>{title}</PageTitle>
        {staffName && <Typography.Text type="secondary">{staffName}</Typography.Text>}
        <Link to={dorPaths.dashboard(formId, kind === 'review' ? 'reviewers' : 'interviewers')}>
          Back to the dashboard
        </Link>
        <PagedTable<AssessmentView>
          rowKey="id"
          columns={columns}
          query={list}
          pages={pages}
          errorTitle={`${title} could not be loaded.`}
          loadingLabel={`Loading ${title.toLowerCase()}`}
          countText={(total) => `${countOf(total, kind)} assigned`}
          emptyText={kind === 'review' ? 'No reviews assigned yet.' : 'No interviews assigned yet.'}
        />
      </Flex>
    </FormRoles>
  );
}
