import { useState } from 'react';
import { Flex, Segmented } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import type { FinalDecision } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import type { DashboardRowView } from '@portal/shared/domain/rules/fair-review';
import { ROW_FILTERS, type RowFilter, type RowTab } from '@portal/shared/domain/schemas/staff-api';
import { useUrlParams } from '@portal/shared/router';
import { LoadError, PageSkeleton, useRoleLabel } from '@portal/shared/ui';
import { addReviewer, setDecision, setQualified } from '../../api/rows';
import { PagedTable } from '../../lib/paged-table';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { AutoAssignButton } from './auto-assign-modal';
import { BulkActions } from './bulk-actions';
import { DenyUndecidedButton } from './deny-undecided-button';
import { GroupMessageButton } from './group-message';
import { rowColumns } from './row-columns';
import { useRowsPage } from './use-rows-page';
import { BulkTag, ManageTagsButton, RowTagChips, TagFilter, useTagParam } from './row-tags';
import { useTags } from '../../api/tags';

type RowKey = Pick<ApplicationRowView, 'responseId' | 'role'>;

const TEXTS: Record<RowTab, { noun: string; title: string; loading: string; empty: string }> = {
  all: {
    noun: 'role application',
    title: 'The applications could not be loaded.',
    loading: 'Loading applications',
    empty: 'No applications submitted yet.',
  },
  qualified: {
    noun: 'qualified role application',
    title: 'The qualified applications could not be loaded.',
    loading: 'Loading qualified applications',
    empty: 'No qualified applications yet.',
  },
};

/** The All tab's `?filter=`: one of ROW_FILTERS, or none. */
function useRowFilter() {
  const { params, update } = useUrlParams();
  const value = params.get('filter');
  const filter = ROW_FILTERS.find((known) => known === value);
  const setFilter = (next: RowFilter | undefined) =>
    update((updated) => {
      if (next) updated.set('filter', next);
      else updated.delete('filter');
    });
  return { filter, setFilter };
}

const FILTER_OPTIONS = [
  { value: 'every', label: 'Every application' },
  { value: 'undecided', label: 'Undecided' },
  { value: 'offered', label: 'Offers made' },
  { value: 'offer-pending', label: 'Offer pending' },
  { value: 'offer-accepted', label: 'Offer accepted' },
  { value: 'offer-declined', label: 'Offer declined' },
  { value: 'disagreement', label: 'Disagreement' },
];

/** Before the release no applicant was told of an offer: offers are planned ones, and none has a reply. */
const PLANNED_FILTER_OPTIONS = FILTER_OPTIONS.filter((option) => !option.value.startsWith('offer-')).map((option) =>
  option.value === 'offered' ? { ...option, label: 'Offers planned' } : option,
);

const FILTER_EMPTY: Record<RowFilter, string> = {
  undecided: 'Every application has a decision.',
  offered: 'No offers made yet.',
  'offer-pending': 'No offer is waiting for a reply.',
  'offer-accepted': 'No offer accepted yet.',
  'offer-declined': 'No offer declined.',
  disagreement: "No application's reviewers disagree beyond the form's threshold.",
};

const FILTER_NOUN: Record<RowFilter, [one: string, many: string]> = {
  undecided: ['undecided role application', 'undecided role applications'],
  offered: ['offer', 'offers'],
  'offer-pending': ['pending offer', 'pending offers'],
  'offer-accepted': ['accepted offer', 'accepted offers'],
  'offer-declined': ['declined offer', 'declined offers'],
  disagreement: ['role application with disagreement', 'role applications with disagreement'],
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
  const roleLabel = useRoleLabel();
  const { api } = usePortal();
  const texts = TEXTS[tab];
  const { filter: urlFilter, setFilter } = useRowFilter();
  const filter = tab === 'all' ? urlFilter : undefined;
  const { tag, setTag } = useTagParam();
  const tags = useTags(formId).data?.items ?? [];
  const { rows, pages, sortOrder, onSort } = useRowsPage(formId, tab, search, filter, tag);
  const qualify = useStaffMutation((input: RowKey & { qualified: boolean }) =>
    setQualified(api, input.responseId, input.role, { qualified: input.qualified }),
  );
  const decide = useStaffMutation(
    (input: RowKey & { decision: FinalDecision }) =>
      setDecision(api, input.responseId, input.role, { decision: input.decision }),
    { success: () => 'Decision saved.' },
  );

  const addOne = useStaffMutation((input: RowKey) => addReviewer(api, input.responseId, input.role), {
    success: (added) => `${added.staffName} was assigned a review`,
  });

  const [selectedIds, setSelectedIds] = useState<readonly React.Key[]>([]);

  if (rows.isError) {
    return <LoadError title={texts.title} error={rows.error} onRetry={() => void rows.refetch()} />;
  }
  if (rows.isPending) return <PageSkeleton label={texts.loading} />;

  const baseColumns = rowColumns(tab, {
    formId,
    readOnly,
    released: readOnly,
    showOffer: tab === 'all',
    sortOrder,
    qualify: (row, qualified) => qualify.mutate({ responseId: row.responseId, role: row.role, qualified }),
    qualifying: (row) => qualify.isPending && sameRow(qualify.variables, row),
    decide: (row, decision) => decide.mutate({ responseId: row.responseId, role: row.role, decision }),
    deciding: (row) => decide.isPending && sameRow(decide.variables, row),
    addReviewer: (row) => addOne.mutate({ responseId: row.responseId, role: row.role }),
    addingReviewer: (row) => addOne.isPending && sameRow(addOne.variables, row),
  });
  // The row's tags under the applicant (docs/product.md#tags-and-saved-views): no column of their
  // own, so the table still fits a laptop's 1366 px.
  const [applicantColumn, ...otherColumns] = baseColumns as ColumnType<DashboardRowView>[];
  const columns = [
    {
      ...applicantColumn!,
      render: (value: unknown, row: DashboardRowView, index: number) => (
        <Flex vertical gap={4}>
          {applicantColumn!.render?.(value, row, index) as React.ReactNode}
          <RowTagChips row={row} tags={tags} />
        </Flex>
      ),
    },
    ...otherColumns,
  ];
  const tagNamed = tags.find((each) => each.id === tag);

  const groupView = {
    tab,
    filter,
    search,
    filterLabel: FILTER_OPTIONS.find((option) => option.value === filter)?.label,
    ...(tagNamed ? { tag: { id: tagNamed.id, name: tagNamed.name } } : {}),
  };

  // The selection is of the page on screen: rows that left it (another page, sort or filter) drop out.
  const selected = (rows.data.items ?? []).filter((row) => selectedIds.includes(row.id));

  return (
    <Flex vertical gap={12}>
      {tab === 'all' && (
        <Flex justify="space-between" align="center" gap={8} wrap>
          {/* Eight filters are wider than a phone: they scroll in their own strip, not the page. */}
          <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Segmented
              aria-label="Show"
              options={readOnly ? FILTER_OPTIONS : PLANNED_FILTER_OPTIONS}
              value={filter ?? 'every'}
              onChange={(value) => setFilter(value === 'every' ? undefined : (value as RowFilter))}
            />
          </div>
          <Flex gap={8} wrap>
            <GroupMessageButton formId={formId} view={groupView} />
            <DenyUndecidedButton formId={formId} disabled={readOnly} />
            <AutoAssignButton formId={formId} disabled={readOnly} />
          </Flex>
        </Flex>
      )}
      {tab === 'qualified' && (
        <Flex justify="end">
          <GroupMessageButton formId={formId} view={groupView} />
        </Flex>
      )}
      <Flex align="center" gap={8} wrap>
        <TagFilter tags={tags} value={tag} onChange={setTag} />
        <ManageTagsButton formId={formId} tags={tags} />
        <BulkTag formId={formId} tags={tags} selected={selected} onDone={() => setSelectedIds([])} />
      </Flex>
      <BulkActions
        formId={formId}
        tab={tab}
        selected={selected}
        readOnly={readOnly}
        onDone={() => setSelectedIds([])}
      />
      <PagedTable<DashboardRowView>
        rowKey="id"
        // Cells wrap (and pad less) to fit a laptop's 1366 px; narrower screens scroll the table.
        scrollX={1100}
        size="middle"
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.id),
          onChange: (keys) => setSelectedIds(keys),
          getCheckboxProps: (row) => ({
            disabled: readOnly,
            'aria-label': `Select ${row.applicantName}, ${roleLabel(row.role)}`,
          }),
        }}
        columns={columns}
        query={rows}
        pages={pages}
        errorTitle={texts.title}
        loadingLabel={texts.loading}
        countText={(total) => (filter ? countOf(total, ...FILTER_NOUN[filter]) : countOf(total, texts.noun))}
        emptyText={
          search.trim()
            ? 'Nothing matches your search.'
            : tag
              ? 'No role application has this tag here.'
              : filter
                ? FILTER_EMPTY[filter]
                : texts.empty
        }
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
      />
    </Flex>
  );
}
