import { useState } from 'react';
import { Button } from 'antd';
import { lazyDialog } from '@portal/shared/ui';

/** Loaded when it opens: antd's Modal, InputNumber and the job's progress bar come with it. */
const AutoAssignDialog = lazyDialog(() => import('./auto-assign-dialog'), 'AutoAssignDialog');

/**
 * "Auto-assign": preview a balanced plan of review assignments, then apply exactly that plan. A
 * plan too large to assign within the request is followed as its job (each second) until done.
 */
export function AutoAssignButton({ formId, disabled = false }: { formId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Auto-assign
      </Button>
      {open && <AutoAssignDialog formId={formId} onClose={() => setOpen(false)} />}
    </>
  );
}
