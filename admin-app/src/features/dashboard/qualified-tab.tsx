import { Flex, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import {
  FINAL_DECISIONS,
  isFinalDecision,
  type ApplicationRowView,
  type FinalDecision,
  countOf,
} from '@portal/shared/domain';
import { Link } from '@portal/shared/router';
import { LoadError, PageSkeleton, RoleBadge } from '@portal/shared/ui';
import { setDecision } from '../../api/dashboard';
import { ApplicantCell } from './all-tab';
import { AssignStaff } from '../assignments/assign-staff';
import { DECISION_LABELS, scoreText } from '../../lib/labels';
import { Pager } from '../../lib/pager';
import { dorPaths } from '../../lib/paths';
import { useRowsPage } from './use-rows-page';
import { useStaffMutation } from '../../lib/use-staff-mutation';

const DECISION_OPTIONS = FINAL_DECISIONS.map((decision) => ({ value: decision, label: DECISION_LABELS[decision] }));

/** The "qualified" tab: qualified rows, interview assignment and the final decision. */
export function QualifiedTab({ formId, search }: { formId: string; search: string }) {
  const { api } = usePortal();
  const { rows, pages, sortOrder, onSort } = useRowsPage(formId, 'qualified', search);
  const decide = useStaffMutation(
    (row: { responseId: string; role: ApplicationRowView['role']; decision: FinalDecision }) =>
      setDecision(api, row.responseId, row.role, row.decision),
    { success: () => 'Decision saved!' },
  );

  if (rows.isError) {
    return (
      <LoadError
        title="The qualified applications could not be loaded."
        error={rows.error}
        onRetry={() => void rows.refetch()}
      />
    );
  }
  if (rows.isPending) return <PageSkeleton label="Loading qualified applications" />;

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
      title: 'Average score',
      key: 'reviewScore',
      sorter: true,
      sortOrder: sortOrder('reviewScore'),
      render: (_: unknown, row) => scoreText(row.reviewScore),
    },
    {
      title: 'Interviews',
      key: 'interviews',
      render: (_: unknown, row) => (
        <Link
          to={dorPaths.assignments('interview', row.responseId)}
          title={`Interviews of ${row.applicantName}`}
        >{`${row.interviewsDone}/${row.interviewsAssigned}`}</Link>
      ),
    },
    {
      title: 'Interview score',
      key: 'interviewScore',
      sorter: true,
      sortOrder: sortOrder('interviewScore'),
      render: (_: unknown, row) => scoreText(row.interviewScore),
    },
    {
      title: 'Assign interviewer',
      key: 'assign',
      render: (_: unknown, row) => (
        <AssignStaff
          formId={formId}
          kind="interview"
          responseId={row.responseId}
          role={row.role}
          exclude={row.interviews.map((ref) => ref.staffId)}
        />
      ),
    },
    {
      title: 'Decision',
      key: 'decision',
      render: (_: unknown, row) => (
        <Select<FinalDecision>
          aria-label="Decision"
          placeholder="Decide"
          style={{ minWidth: 130 }}
          options={DECISION_OPTIONS}
          value={isFinalDecision(row.decision) ? row.decision : undefined}
          loading={
            decide.isPending && decide.variables.responseId === row.responseId && decide.variables.role === row.role
          }
          onChange={(decision) => decide.mutate({ responseId: row.responseId, role: row.role, decision })}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Table<ApplicationRowView>
        rowKey="id"
        columns={columns}
        dataSource={rows.data.items}
        pagination={false}
        loading={rows.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        locale={{ emptyText: search.trim() ? 'Nothing matches your search.' : 'No qualified applications yet.' }}
      />
      <Pager
        summary={countOf(rows.data.total, 'qualified application')}
        hasPrevious={pages.hasPrevious}
        nextCursor={rows.data.nextCursor}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
    </Flex>
  );
}
