import { useState } from 'react';
import { Button } from 'antd';
import { lazyDialog } from '@portal/shared/ui';
import type { GroupView } from './group-message-dialog';

export type { GroupView };

/** Loaded when it opens: antd's Modal, the message's fields and its preview come with it. */
const GroupMessageDialog = lazyDialog(() => import('./group-message-dialog'), 'GroupMessageDialog');

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
