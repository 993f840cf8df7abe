import { Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import { displayName } from '@portal/shared/domain/rules/search';
import type { StaffSummary } from '@portal/shared/domain/rules/staff';
import { Link } from '@portal/shared/router';
import { LoadError, PageSkeleton, RoleBadge } from '@portal/shared/ui';
import { useStaffSummaries } from '../../api/staff';
import { dorPaths } from '../../lib/paths';
import { wideTable } from '../../lib/wide-table';

/** A reviewer whose roles were chosen among another form's: auto-assign passes them by until they choose again. */
export const ROLES_TO_CHOOSE = "Has not chosen this form's roles";

const EMPTY_TEXT: Record<AssessmentKind, string> = {
  review: 'No reviewers yet.',
  interview: 'No interviewers yet.',
};

/** The reviewers and interviewers tabs: each staff member with their load for the form. */
export function StaffTab({ formId, kind, search }: { formId: string; kind: AssessmentKind; search: string }) {
  const staff = useStaffSummaries(formId, { kind, search: search.trim() });
  const noun = kind === 'review' ? 'reviewers' : 'interviewers';

  if (staff.isError) {
    return (
      <LoadError title={`The ${noun} could not be loaded.`} error={staff.error} onRetry={() => void staff.refetch()} />
    );
  }
  if (staff.isPending) return <PageSkeleton label={`Loading ${noun}`} />;

  const columns: ColumnsType<StaffSummary> = [
    {
      title: 'Name',
      key: 'name',
      render: (_: unknown, item) => (
        <Link to={dorPaths.staffMember(kind, formId, item.user.id)}>{displayName(item.user)}</Link>
      ),
    },
    { title: 'Email', key: 'email', render: (_: unknown, item) => item.user.email },
    {
      title: 'Role preferences',
      key: 'preferences',
      render: (_: unknown, item) => (
        <Flex gap={4} wrap>
          {item.user.applicantRolePreferences.map((role) => (
            <RoleBadge key={role} role={role} />
          ))}
          {item.rolesToChoose && <Tag color="orange">{ROLES_TO_CHOOSE}</Tag>}
        </Flex>
      ),
    },
    { title: 'Assigned', dataIndex: 'assigned', key: 'assigned' },
    { title: 'Completed', dataIndex: 'done', key: 'done' },
  ];

  const table = (
    <Table<StaffSummary>
      rowKey={(item) => item.user.id}
      columns={columns}
      dataSource={staff.data}
      pagination={false}
      loading={staff.isFetching}
      {...wideTable('max-content')}
      locale={{ emptyText: search.trim() ? 'Nothing matches your search.' : EMPTY_TEXT[kind] }}
    />
  );
  if (kind !== 'review') {
    return (
      <Flex vertical gap={8}>
        <Link to={dorPaths.interviewSlots(formId)}>Interview slots: publish times applicants book</Link>
        {table}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Link to={dorPaths.progress(formId)}>Reviewer progress: overdue reviews, time to review, leniency</Link>
      {table}
    </Flex>
  );
}
