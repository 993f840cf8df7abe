import { useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { countOf } from '@portal/shared/domain/ids/text';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@portal/shared/domain/schemas/audit';
import { usePortal } from '@portal/shared/client';
import { PageTitle, DateTime } from '@portal/shared/ui';
import { useAuditLog } from '../../api/audit';
import { fieldChanges } from './field-diff';
import { PagedTable } from '../../lib/paged-table';
import { useCursorPages } from '../../lib/use-cursor-pages';

const ACTION_FILTER_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** The entry's change as one line per field: "Decision: Reviewed → Accepted". */
function Change({ entry }: { entry: AuditEntry }) {
  const { timeZone } = usePortal();
  const changes = fieldChanges(entry.before, entry.after, timeZone);
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
  { title: 'Who', dataIndex: 'actorName', key: 'who' },
  { title: 'Action', key: 'action', render: (_: unknown, entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    title: 'Target',
    key: 'target',
    // In words when the server could name it; else the id, which breaks anywhere so the table fits a laptop screen.
    render: (_: unknown, entry) => (
      <span style={{ display: 'inline-block', maxWidth: 240, overflowWrap: 'anywhere' }}>
        {entry.targetLabel ?? `${entry.target.collection}/${entry.target.id}`}
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
      <PageTitle>Audit log</PageTitle>
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
        scrollX={960}
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
