import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useCurrentUser } from '@portal/shared/client';
import { ACCOUNT_DELETION_MESSAGES } from '@portal/shared/domain/schemas/account-deletion';
import { lazyDialog } from '@portal/shared/ui';
import { ProfileSection } from './profile-section';

/** Loaded when it opens: antd's Modal and the list of what goes come with it. */
const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog'), 'DeleteAccountDialog');

export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete my account',
  explain:
    'Deleting your account erases it and everything you gave the club through this portal: your answers, files, interview bookings and the emails it sent you. You are then signed out, and you cannot undo it.',
  open: 'Delete my account…',
} as const;

/**
 * The profile's "Delete my account" (docs/product.md#deleting-your-account): for an applicant, a
 * button that opens the confirmation (delete-account-dialog.tsx); staff read that a super-reviewer
 * deletes them.
 */
export function DeleteAccountSection() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user.data) return null;
  const applicant = user.data.role === 'applicant';
  return (
    <ProfileSection id="delete-account" title={DELETE_ACCOUNT_TEXTS.title}>
      <Typography.Paragraph type="secondary">
        {applicant ? DELETE_ACCOUNT_TEXTS.explain : ACCOUNT_DELETION_MESSAGES.staff}
      </Typography.Paragraph>
      {applicant && (
        <Button danger onClick={() => setOpen(true)}>
          {DELETE_ACCOUNT_TEXTS.open}
        </Button>
      )}
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </ProfileSection>
  );
}
