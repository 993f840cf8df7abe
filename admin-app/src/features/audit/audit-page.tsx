import { useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, countOf, type AuditAction, type AuditEntry } from '@portal/shared/domain';
import { useAuditLog } from '../../api/audit';
import { PagedTable } from '../../lib/paged-table';
import { useCursorPages } from '../../lib/use-cursor-pages';

const ACTION_FILTER_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** Compact JSON of a before or after value ("—" when there is none). */
export const compactJson = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** The time of an entry in the reader's local time. */
export const localTime = (iso: string): string => new Date(iso).toLocaleString();

function Change({ entry }: { entry: AuditEntry }) {
  const text = `${compactJson(entry.before)} → ${compactJson(entry.after)}`;
  return (
    <Typography.Text code style={{ display: 'inline-block', maxWidth: 320, wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  );
}

const columns: ColumnsType<AuditEntry> = [
  {
    title: 'When',
    key: 'at',
    render: (_: unknown, entry) => <time dateTime={entry.at}>{localTime(entry.at)}</time>,
  },
  { title: 'Who', dataIndex: 'actorName', key: 'who' },
  { title: 'Action', key: 'action', render: (_: unknown, entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    title: 'Target',
    key: 'target',
    // Ids break anywhere: the table fits a 1280 px screen without a scroll region keyboards cannot reach.
    render: (_: unknown, entry) => (
      <span style={{ display: 'inline-block', maxWidth: 240, wordBreak: 'break-all' }}>
        {`${entry.target.collection}/${entry.target.id}`}
      </span>
    ),
  },
  { title: 'Before → After', key: 'change', render: (_: unknown, entry) => <Change entry={entry} /> },
];

/** `/admin/dor/audit`: who changed what and when, newest first (read-only). */
export function AuditPage() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const pages = useCursorPages(action);
  const log = useAuditLog({ action: action || undefined, cursor: pages.cursor ?? undefined });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Audit log
      </Typography.Title>
      <Flex gap={8} wrap>
        <Select<AuditAction | ''>
          aria-label="Action filter"
          style={{ minWidth: 220 }}
          options={ACTION_FILTER_OPTIONS}
          value={action}
          onChange={setAction}
        />
      </Flex>
      <PagedTable<AuditEntry>
        rowKey="id"
        columns={columns}
        query={log}
        pages={pages}
        errorTitle="The audit log could not be loaded."
        loadingLabel="Loading the audit log"
        countText={(total) => countOf(total, 'entry', 'entries')}
        emptyText="Nothing recorded yet."
      />
    </Flex>
  );
}
