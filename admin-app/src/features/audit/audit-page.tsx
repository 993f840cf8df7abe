import { useState } from 'react';
import { Button, Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { countOf } from '@portal/shared/domain/ids/text';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  AUDIT_TARGET_LABELS,
  auditWhoText,
  type AuditAction,
  type AuditEntry,
  type AuditExportQuery,
  type AuditTargetKind,
} from '@portal/shared/domain/schemas/audit';
import { displayName } from '@portal/shared/domain/rules/search';
import { failureMessage, notify, usePortal, useTimeZone } from '@portal/shared/client';
import { useMutation, useQuery } from '@portal/shared/query';
import { PageTitle, DateTime } from '@portal/shared/ui';
import { downloadAuditLog, useAuditLog } from '../../api/audit';
import { usersQueryOptions } from '../../api/users';
import { fieldChanges } from './field-diff';
import { PagedTable } from '../../lib/paged-table';
import { useCursorPages } from '../../lib/use-cursor-pages';

const ACTION_FILTER_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];
const TARGET_FILTER_OPTIONS = [
  { value: '', label: 'Every kind of target' },
  ...AUDIT_TARGET_KINDS.map((kind) => ({ value: kind, label: AUDIT_TARGET_LABELS[kind] })),
];

/** The entry's change as one line per field: "Decision: Reviewed → Accepted". */
function Change({ entry }: { entry: AuditEntry }) {
  const timeZone = useTimeZone();
  const changes = fieldChanges(entry.before, entry.after, timeZone, entry.roleLabels);
  if (changes.length === 0) return <>—</>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16, maxWidth: 360, overflowWrap: 'anywhere' }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Typography.Text strong>{change.field}:</Typography.Text> {`${change.before} → ${change.after}`}
        </li>
      ))}
    </ul>
  );
}

const columns: ColumnsType<AuditEntry> = [
  {
    title: 'When',
    key: 'at',
    render: (_: unknown, entry) => <DateTime value={entry.at} />,
  },
  // A scheduled release names who scheduled it and that the scheduler ran it.
  { title: 'Who', key: 'who', render: (_: unknown, entry) => auditWhoText(entry) },
  { title: 'Action', key: 'action', render: (_: unknown, entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    title: 'Target',
    key: 'target',
    // In words (the server names every target it knows); else the id, which breaks anywhere so the table fits a laptop screen.
    render: (_: unknown, entry) => (
      <span style={{ display: 'inline-block', maxWidth: 240, overflowWrap: 'anywhere' }}>
        {entry.targetLabel ?? `${entry.target.collection}/${entry.target.id}`}
      </span>
    ),
  },
  { title: 'Before → After', key: 'change', render: (_: unknown, entry) => <Change entry={entry} /> },
];

/** The filters as the API takes them (empty: not filtered). */
interface Filters {
  action: AuditAction | '';
  actorId: string;
  target: AuditTargetKind | '';
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { action: '', actorId: '', target: '', from: '', to: '' };
const queryOf = (filters: Filters): AuditExportQuery => ({
  action: filters.action || undefined,
  actorId: filters.actorId || undefined,
  target: filters.target || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

/** Whom to filter by: anyone, found by name or email on the server, or the scheduler. */
function PersonFilter({ value, onChange }: { value: string; onChange: (actorId: string) => void }) {
  const { api } = usePortal();
  const [search, setSearch] = useState('');
  // The people load when the list first opens (most visits never filter by person).
  const [opened, setOpened] = useState(false);
  const users = useQuery({ ...usersQueryOptions(api, { search: search || undefined, limit: 20 }), enabled: opened });
  const options = [
    { value: '', label: 'Everyone' },
    ...(users.data?.items ?? []).map((user) => ({ value: user.id, label: `${displayName(user)} (${user.email})` })),
    { value: 'scheduler', label: 'The scheduler' },
  ];
  return (
    <Select<string>
      aria-label="Person filter"
      style={{ minWidth: 220 }}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      value={value}
      onChange={onChange}
      loading={users.isFetching}
      onOpenChange={(open) => open && setOpened(true)}
    />
  );
}

/** `/admin/dor/audit`: who changed what and when, newest first (read-only). */
export function AuditPage() {
  const { api } = usePortal();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const query = queryOf(filters);
  const pages = useCursorPages(JSON.stringify(query));
  const log = useAuditLog({ ...query, cursor: pages.cursor ?? undefined });
  const exporting = useMutation({
    mutationFn: () => downloadAuditLog(api, query),
    onError: (error) => notify.error(failureMessage('Could not export the audit log', error)),
  });

  return (
    <Flex vertical gap={16}>
      <PageTitle>Audit log</PageTitle>
      <Flex gap={8} wrap align="center" role="group" aria-label="Filters">
        <PersonFilter value={filters.actorId} onChange={(actorId) => set({ actorId })} />
        <Select<AuditAction | ''>
          aria-label="Action filter"
          style={{ minWidth: 220 }}
          options={ACTION_FILTER_OPTIONS}
          value={filters.action}
          onChange={(action) => set({ action })}
        />
        <Select<AuditTargetKind | ''>
          aria-label="Target filter"
          style={{ minWidth: 200 }}
          options={TARGET_FILTER_OPTIONS}
          value={filters.target}
          onChange={(target) => set({ target })}
        />
        <Input
          type="date"
          aria-label="From (day, in the chapter's time zone)"
          style={{ width: 160 }}
          value={filters.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <Input
          type="date"
          aria-label="To (day, in the chapter's time zone)"
          style={{ width: 160 }}
          value={filters.to}
          onChange={(event) => set({ to: event.target.value })}
        />
        <Button onClick={() => exporting.mutate()} loading={exporting.isPending}>
          Export CSV
        </Button>
      </Flex>
      <PagedTable<AuditEntry>
        rowKey="id"
        scrollX={960}
        stackOnPhone="Entry"
        columns={columns}
        query={log}
        pages={pages}
        errorTitle="The audit log could not be loaded."
        loadingLabel="Loading the audit log"
        countText={(total) => countOf(total, 'audit entry', 'audit entries')}
        emptyText="Nothing recorded yet."
      />
    </Flex>
  );
}
