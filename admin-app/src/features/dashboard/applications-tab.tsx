import { Flex } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf, type ApplicationRowView, type FinalDecision, type RowTab } from '@portal/shared/domain';
import { LoadError, PageSkeleton } from '@portal/shared/ui';
import { setDecision, setQualified } from '../../api/rows';
import { PagedTable } from '../../lib/paged-table';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { AutoAssignButton } from './auto-assign-modal';
import { rowColumns } from './row-columns';
import { useRowsPage } from './use-rows-page';

type RowKey = Pick<ApplicationRowView, 'responseId' | 'role'>;

const TEXTS: Record<RowTab, { noun: string; title: string; loading: string; empty: string }> = {
  all: {
    noun: 'application',
    title: 'The applications could not be loaded.',
    loading: 'Loading applications',
    empty: 'No applications submitted yet.',
  },
  qualified: {
    noun: 'qualified application',
    title: 'The qualified applications could not be loaded.',
    loading: 'Loading qualified applications',
    empty: 'No qualified applications yet.',
  },
};

const sameRow = (a: RowKey | undefined, b: RowKey) => a?.responseId === b.responseId && a.role === b.role;

/**
 * A tab of application rows, sorted and paged on the server: "all" (every submitted response and
 * role, with review assignment and the qualified flag) or "qualified" (interviews and decisions).
 */
export function ApplicationsTab({
  formId,
  tab,
  search,
  readOnly,
}: {
  formId: string;
  tab: RowTab;
  search: string;
  /** Decisions released: nothing on the rows can change. */
  readOnly: boolean;
}) {
  const { api } = usePortal();
  const texts = TEXTS[tab];
  const { rows, pages, sortOrder, onSort } = useRowsPage(formId, tab, search);
  const qualify = useStaffMutation((input: RowKey & { qualified: boolean }) =>
    setQualified(api, input.responseId, input.role, { qualified: input.qualified }),
  );
  const decide = useStaffMutation(
    (input: RowKey & { decision: FinalDecision }) =>
      setDecision(api, input.responseId, input.role, { decision: input.decision }),
    { success: () => 'Decision saved!' },
  );

  if (rows.isError) {
    return <LoadError title={texts.title} error={rows.error} onRetry={() => void rows.refetch()} />;
  }
  if (rows.isPending) return <PageSkeleton label={texts.loading} />;

  const columns = rowColumns(tab, {
    formId,
    readOnly,
    sortOrder,
    qualify: (row, qualified) => qualify.mutate({ responseId: row.responseId, role: row.role, qualified }),
    qualifying: (row) => qualify.isPending && sameRow(qualify.variables, row),
    decide: (row, decision) => decide.mutate({ responseId: row.responseId, role: row.role, decision }),
    deciding: (row) => decide.isPending && sameRow(decide.variables, row),
  });

  return (
    <Flex vertical gap={12}>
      {tab === 'all' && (
        <Flex justify="flex-end">
          <AutoAssignButton formId={formId} disabled={readOnly} />
        </Flex>
      )}
      <PagedTable<ApplicationRowView>
        rowKey="id"
        columns={columns}
        query={rows}
        pages={pages}
        errorTitle={texts.title}
        loadingLabel={texts.loading}
        countText={(total) => countOf(total, texts.noun)}
        emptyText={search.trim() ? 'Nothing matches your search.' : texts.empty}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
      />
    </Flex>
  );
}
