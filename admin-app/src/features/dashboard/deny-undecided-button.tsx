import { useState } from 'react';
import { Button } from 'antd';
import { lazyDialog } from '@portal/shared/ui';

/** Loaded when it opens: antd's Modal and the list of the rows it denies come with it. */
const DenyUndecidedDialog = lazyDialog(() => import('./deny-undecided-dialog'), 'DenyUndecidedDialog');

/**
 * "Deny undecided, unqualified…": one confirmed action that denies each such row (the server audits
 * each). The dialog lists the rows it denies; a row with reviews still open or reviewers who
 * disagree is left out unless ticked (the server applies the same rule).
 */
export function DenyUndecidedButton({ formId, disabled }: { formId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button danger disabled={disabled} onClick={() => setOpen(true)}>
        Deny undecided, unqualified…
      </Button>
      {open && <DenyUndecidedDialog formId={formId} onClose={() => setOpen(false)} />}
    </>
  );
}
