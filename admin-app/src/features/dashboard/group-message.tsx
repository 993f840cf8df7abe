import { useState } from 'react';
import { Button } from 'antd';
import type { RowFilter, RowTab } from '@portal/shared/domain/schemas/staff-api';
import { lazyDialog } from '@portal/shared/ui';

/** Loaded when it opens: antd's Modal, the message's fields and its preview come with it. */
const GroupMessageDialog = lazyDialog(() => import('./group-message-dialog'), 'GroupMessageDialog');

/** The view the group starts from: the dashboard tab, its filter and search. */
export interface GroupView {
  tab: RowTab;
  filter?: RowFilter;
  search: string;
  /** The filter's label as the dashboard shows it ("Offer pending"). */
  filterLabel?: string;
  /** Only the rows with this tag, and its name. */
  tag?: { id: string; name: string };
}

/**
 * "Message this group…": the director writes one message (subject and markdown body, with the
 * letters' placeholders) to the applicants of the view on screen, narrowed to a role, a decision
 * or (Qualified tab) those who have not booked an interview; previews it filled in for two of them
 * with the number it reaches, then sends it, one message per applicant, through the outbox.
 */
export function GroupMessageButton({ formId, view }: { formId: string; view: GroupView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Message this group…</Button>
      {open && <GroupMessageDialog formId={formId} view={view} onClose={() => setOpen(false)} />}
    </>
  );
}
