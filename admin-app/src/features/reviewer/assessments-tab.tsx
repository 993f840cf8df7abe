import { Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, usePortal } from '@portal/shared/client';
import type { AssessmentKind, AssessmentState } from '@portal/shared/domain/ids/constants';
import { countOf, plural } from '@portal/shared/domain/ids/text';
import type { AssessmentView } from '@portal/shared/domain/rules/staff';
import { Link } from '@portal/shared/router';
import { LoadError, PageSkeleton, RoleBadge } from '@portal/shared/ui';
import { useMyAssessments } from '../../api/assessments';
import { AssessmentStateTag, assessmentScreenPath } from '../../lib/assessment-links';
import { FormRoles } from '../../lib/form-roles';
import { BookedInterviews } from './booked-interviews';
import { wideTable } from '../../lib/wide-table';

const EMPTY_TEXT: Record<AssessmentKind, string> = {
  review: 'No applications assigned to you yet.',
  interview: 'No interviews assigned to you yet.',
};

/** One tab of the reviewer dashboard: the caller's reviews or interviews for the form. */
export function AssessmentsTab({ formId, kind, search }: { formId: string; kind: AssessmentKind; search: string }) {
  const { api } = usePortal();
  const list = useMyAssessments(formId, { kind, search });
  const form = useQuery(formQueryOptions(api, formId));

  if (list.isError) {
    return (
      <LoadError
        title={kind === 'review' ? 'Your reviews could not be loaded.' : 'Your interviews could not be loaded.'}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.isPending)
    return <PageSkeleton label={kind === 'review' ? 'Loading your reviews' : 'Loading your interviews'} />;

  const items = list.data.pages.flatMap((page) => page.items);
  const total = list.data.pages[0]?.total ?? 0;

  const columns: ColumnsType<AssessmentView> = [
    { title: 'Applicant', dataIndex: 'applicantName', key: 'applicant' },
    { title: 'Role', dataIndex: 'role', key: 'role', render: (role: string) => <RoleBadge role={role} /> },
    {
      title: 'State',
      dataIndex: 'state',
      key: 'state',
      render: (state: AssessmentState) => <AssessmentStateTag state={state} />,
    },
    { title: 'Score', dataIndex: 'score', key: 'score', render: (score: number | null) => score ?? '—' },
    {
      title: '',
      key: 'open',
      render: (_: unknown, item) => <Link to={assessmentScreenPath(item, formId, form.data)}>Open</Link>,
    },
  ];

  return (
    <FormRoles form={form.data}>
      <Flex vertical gap={12}>
        {kind === 'interview' && <BookedInterviews formId={formId} form={form.data} />}
        <Typography.Text type="secondary">
          {search.trim()
            ? `${countOf(total, kind)} ${plural(total, 'matches', 'match')} your search`
            : `${countOf(total, kind)} assigned to you`}
        </Typography.Text>
        <Table<AssessmentView>
          rowKey="id"
          columns={columns}
          dataSource={items}
          pagination={false}
          loading={list.isFetching && !list.isFetchingNextPage}
          {...wideTable('max-content')}
          locale={{ emptyText: search.trim() ? 'Nothing matches your search.' : EMPTY_TEXT[kind] }}
        />
        {list.hasNextPage && (
          <Button
            style={{ alignSelf: 'center' }}
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Flex>
    </FormRoles>
  );
}
