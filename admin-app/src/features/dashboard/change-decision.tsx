import { useState } from 'react';
import { Button } from 'antd';
import { lazyDialog, useRoleLabel } from '@portal/shared/ui';
import type { DecidedRow } from './change-decision-texts';

/** Loaded when it opens: antd's Modal comes with it, not with every row of the dashboard. */
const ChangeDecisionDialog = lazyDialog(() => import('./change-decision-dialog'), 'ChangeDecisionDialog');

/**
 * After release, a decided row's "Change decision…": a super-reviewer gives the row another final
 * decision (a waitlisted applicant offered a declined place, or a correction). The dialog says
 * the applicant will be told; the server sends the new letter, updates their pages and audits it.
 */
export function ChangeDecisionButton({ row }: { row: DecidedRow }) {
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        aria-label={`Change the decision for ${row.applicantName}, ${roleLabel(row.role)}`}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'start' }}
      >
        Change decision…
      </Button>
      {open && <ChangeDecisionDialog row={row} onClose={() => setOpen(false)} />}
    </>
  );
}
