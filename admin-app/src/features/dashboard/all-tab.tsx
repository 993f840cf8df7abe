import { Flex, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import { countOf, type ApplicationRowView } from '@portal/shared/domain';
import { Link } from '@portal/shared/router';
import { LoadError, PageSkeleton, RoleBadge } from '@portal/shared/ui';
import { setQualified } from '../../api/dashboard';
import { AssignStaff } from '../assignments/assign-staff';
import { AutoAssignButton } from './auto-assign-modal';
import { DECISION_COLORS, DECISION_LABELS, localDateTime, scoreText } from '../../lib/labels';
import { Pager } from '../../lib/pager';
import { dorPaths } from '../../lib/paths';
import { useRowsPage } from './use-rows-page';
import { useStaffMutation } from '../../lib/use-staff-mutation';

export function ApplicantCell({ row }: { row: ApplicationRowView }) {
  return (
    <Flex vertical>
      <Link to={dorPaths.application(row.applicationFormId, row.responseId)}>{row.applicantName}</Link>
      <Typography.Text type="secondary">{row.applicantEmail}</Typography.Text>
    </Flex>
  );
}

/** The "all applications" tab: every submitted (response, role) row, with review assignment. */
export function AllTab({ formId, search }: { formId: string; search: string }) {
  const { api } = usePortal();
  const { rows, pages, sortOrder, onSort } = useRowsPage(formId, 'all', search);
  const qualify = useStaffMutation(
    (row: { responseId: string; role: ApplicationRowView['role']; qualified: boolean }) =>
      setQualified(api, row.responseId, row.role, row.qualified),
  );

  if (rows.isError) {
    return (
      <LoadError title="The applications could not be loaded." error={rows.error} onRetry={() => void rows.refetch()} />
    );
  }
  if (rows.isPending) return <PageSkeleton label="Loading applications" />;

  const columns: ColumnsType<ApplicationRowView> = [
    {
      title: 'Applicant',
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_: unknown, row) => <ApplicantCell row={row} />,
    },
    { title: 'Role', key: 'role', render: (_: unknown, row) => <RoleBadge role={row.role} /> },
    {
      title: 'Submitted',
      key: 'submittedAt',
      sorter: true,
      sortOrder: sortOrder('submittedAt'),
      render: (_: unknown, row) => localDateTime(row.submittedAt),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, row) => <Tag color={DECISION_COLORS[row.decision]}>{DECISION_LABELS[row.decision]}</Tag>,
    },
    {
      title: 'Reviews',
      key: 'reviews',
      render: (_: unknown, row) => (
        <Link
          to={dorPaths.assignments('review', row.responseId)}
          title={`Reviews of ${row.applicantName}`}
        >{`${row.reviewsDone}/${row.reviewsAssigned}`}</Link>
      ),
    },
    {
      title: 'Average score',
      key: 'reviewScore',
      sorter: true,
      sortOrder: sortOrder('reviewScore'),
      render: (_: unknown, row) => scoreText(row.reviewScore),
    },
    {
      title: 'Qualified',
      key: 'qualified',
      render: (_: unknown, row) => (
        <Switch
          aria-label="Qualified"
          checked={row.qualified}
          loading={
            qualify.isPending && qualify.variables.responseId === row.responseId && qualify.variables.role === row.role
          }
          onChange={(qualified) => qualify.mutate({ responseId: row.responseId, role: row.role, qualified })}
        />
      ),
    },
    {
      title: 'Assign reviewers',
      key: 'assign',
      render: (_: unknown, row) => (
        <AssignStaff
          formId={formId}
          kind="review"
          responseId={row.responseId}
          role={row.role}
          exclude={row.reviews.map((ref) => ref.staffId)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <AutoAssignButton formId={formId} />
      </Flex>
      <Table<ApplicationRowView>
        rowKey="id"
        columns={columns}
        dataSource={rows.data.items}
        pagination={false}
        loading={rows.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        locale={{ emptyText: search.trim() ? 'Nothing matches your search.' : 'No applications submitted yet.' }}
      />
      <Pager
        summary={countOf(rows.data.total, 'application')}
        hasPrevious={pages.hasPrevious}
        nextCursor={rows.data.nextCursor}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
    </Flex>
  );
}
