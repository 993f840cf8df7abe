import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { REVIEWER_DIGEST_TEXTS } from '@portal/shared/domain/schemas/reviewer-digest';
import { sendReviewerDigest } from '../../api/progress';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** Whom "send now" is for: one reviewer (by id and name), or every reviewer of the form with open work. */
export type DigestTarget = { staffId: string; name: string } | 'all';

/**
 * The director's "send now" of the reviewers' digest (docs/product.md#reviewer-digest): a button that
 * asks for a confirmation, then sends once (the button is busy while it goes; the server sends a
 * reviewer at most one an hour) and toasts how many got one.
 */
export function DigestSendButton({ formId, target }: { formId: string; target: DigestTarget }) {
  const { api } = usePortal();
  const [open, setOpen] = useState(false);
  const send = useStaffMutation(
    () => sendReviewerDigest(api, formId, target === 'all' ? {} : { staffId: target.staffId }),
    { success: (sent) => REVIEWER_DIGEST_TEXTS.sent(sent), onSuccess: () => setOpen(false) },
  );
  const one = target !== 'all';
  return (
    <>
      <Button
        size={one ? 'small' : 'middle'}
        aria-label={one ? `Send ${target.name} their digest` : undefined}
        onClick={() => setOpen(true)}
      >
        {one ? 'Digest' : REVIEWER_DIGEST_TEXTS.sendAll}
      </Button>
      {open && (
        <Modal
          open
          title={one ? REVIEWER_DIGEST_TEXTS.confirmOne(target.name) : REVIEWER_DIGEST_TEXTS.confirmAll}
          okText="Send"
          onOk={() => send.mutate(undefined)}
          okButtonProps={{ loading: send.isPending, disabled: send.isPending }}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Typography.Paragraph>{REVIEWER_DIGEST_TEXTS.confirmHelp}</Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}
