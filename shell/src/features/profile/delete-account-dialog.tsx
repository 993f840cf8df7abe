import { useState } from 'react';
import { Alert, Button, Input, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { failureMessage, notify, usePortal, type ApiClient } from '@portal/shared/client';
import {
  ACCOUNT_DELETION_WORD,
  type AccountDeletionPreview,
  type ApplicationOnDeletion,
} from '@portal/shared/domain/schemas/account-deletion';
import { countOf } from '@portal/shared/domain/ids/text';
import { useSignOut } from '../../lib/identity/use-identity';

/** GET /auth/deletion: what deleting the caller's account removes. */
export const fetchDeletionPreview = (api: ApiClient) => api.request<AccountDeletionPreview>('GET', '/auth/deletion');

/** POST /auth/delete: deletes the caller's account and everything of theirs. */
export const deleteOwnAccount = (api: ApiClient, confirmation: string) =>
  api.request<{ deleted: true }>('POST', '/auth/delete', { body: { confirmation } });

export const DELETE_DIALOG_TEXTS = {
  title: 'Delete your account?',
  lead: 'This deletes, for good:',
  account: (email: string) => `Your account and your sign-in (${email})`,
  files: (count: number) => `${countOf(count, 'file')} you uploaded`,
  bookings: (count: number) => `${countOf(count, 'interview booking')}`,
  emails: 'The emails the portal sent you, and its copies of them',
  logs: 'Your name and email in the club’s records: they read “Deleted applicant”',
  application: (semester: string) => `Your ${semester} application and its answers`,
  outcome: {
    withdrawn: 'It is under review: deleting your account withdraws it from review.',
    draft: 'It was not submitted.',
    'counted-anonymously':
      'Its decisions are released: the club keeps only its counts of applications per role and decision, without your name.',
  } satisfies Record<ApplicationOnDeletion, string>,
  confirm: `Type ${ACCOUNT_DELETION_WORD} to confirm`,
  keep: 'Keep my account',
  delete: 'Delete my account',
  deleted: 'Your account and your data have been deleted.',
  failed: 'Failed to delete your account',
  loadFailed: 'What your account holds could not be loaded.',
} as const;

/**
 * The confirmation of "Delete my account": what goes (each application and what deletion means for
 * it, files, bookings, emails), and the word to type. Deleting signs the user out.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { api } = usePortal();
  const signOut = useSignOut();
  const preview = useQuery({ queryKey: ['account-deletion'], queryFn: () => fetchDeletionPreview(api) });
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteOwnAccount(api, typed);
      notify.success(DELETE_DIALOG_TEXTS.deleted);
      await signOut();
    } catch (error) {
      notify.error(failureMessage(DELETE_DIALOG_TEXTS.failed, error));
      setDeleting(false);
    }
  };

  const data = preview.data;
  return (
    <Modal
      open
      title={DELETE_DIALOG_TEXTS.title}
      onCancel={onClose}
      footer={[
        <Button key="keep" onClick={onClose} disabled={deleting}>
          {DELETE_DIALOG_TEXTS.keep}
        </Button>,
        <Button
          key="delete"
          type="primary"
          danger
          loading={deleting}
          disabled={!data || typed.trim() !== ACCOUNT_DELETION_WORD}
          onClick={() => void remove()}
        >
          {DELETE_DIALOG_TEXTS.delete}
        </Button>,
      ]}
    >
      {preview.isError && <Alert type="error" showIcon title={DELETE_DIALOG_TEXTS.loadFailed} />}
      {preview.isPending && <Spin description="Loading what your account holds" />}
      {data && (
        <>
          <Typography.Paragraph>{DELETE_DIALOG_TEXTS.lead}</Typography.Paragraph>
          <ul style={{ paddingLeft: 20 }}>
            <li>{DELETE_DIALOG_TEXTS.account(data.email)}</li>
            {data.applications.map((application) => (
              <li key={application.formId}>
                {DELETE_DIALOG_TEXTS.application(application.semester)}
                {'. '}
                <Typography.Text strong={application.outcome === 'withdrawn'}>
                  {DELETE_DIALOG_TEXTS.outcome[application.outcome]}
                </Typography.Text>
              </li>
            ))}
            {data.uploadedFiles > 0 && <li>{DELETE_DIALOG_TEXTS.files(data.uploadedFiles)}</li>}
            {data.interviewBookings > 0 && <li>{DELETE_DIALOG_TEXTS.bookings(data.interviewBookings)}</li>}
            {data.emails > 0 && <li>{DELETE_DIALOG_TEXTS.emails}</li>}
            <li>{DELETE_DIALOG_TEXTS.logs}</li>
          </ul>
          <label htmlFor="delete-account-confirmation">{DELETE_DIALOG_TEXTS.confirm}</label>
          <Input
            id="delete-account-confirmation"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            style={{ marginTop: 4 }}
          />
        </>
      )}
    </Modal>
  );
}
