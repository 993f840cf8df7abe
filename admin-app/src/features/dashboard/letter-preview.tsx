import { useState } from 'react';
import { Button } from 'antd';
import { lazyDialog, useRoleLabel } from '@portal/shared/ui';
import type { DecidedRow } from './change-decision-texts';

/** Loaded when it opens: antd's Modal and the letter's renderer come with it, not with every row. */
const LetterPreviewDialog = lazyDialog(() => import('./letter-preview-dialog'), 'LetterPreviewDialog');

/**
 * A row's "Preview letter" action: the letter its applicant will read once decisions are
 * released, for the row's current decision, exactly as their decision page shows it.
 */
export function LetterPreviewButton({ row }: { row: DecidedRow }) {
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        aria-label={`Preview letter to ${row.applicantName} for ${roleLabel(row.role)}`}
        onClick={() => setOpen(true)}
      >
        Preview letter
      </Button>
      {open && <LetterPreviewDialog row={row} onClose={() => setOpen(false)} />}
    </>
  );
}
