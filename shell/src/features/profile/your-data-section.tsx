import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { saveBlob, useCurrentUser, useDateFormat, usePortal } from '@portal/shared/client';
import { MY_DATA_PATH, myDataFileName } from '@portal/shared/domain/schemas/my-data';
import { PrivacyNoticeText, privacyNoticeQueryOptions } from '../privacy';
import { ProfileSection } from './profile-section';

export const YOUR_DATA_TEXTS = {
  title: 'Your data',
  download: 'Download my data',
  preparing: 'Preparing your data…',
  explain:
    'One ZIP file with everything the portal holds about you: your account, your applications and their answers, the files you uploaded, your interview bookings, the decisions and letters released to you, and the emails the portal sent you.',
  failed: 'Your data could not be downloaded',
  readNotice: 'Read the privacy notice',
  hideNotice: 'Hide the privacy notice',
} as const;

/** "You accepted the privacy notice (version 1) on Mar 1, 2026." */
export function acceptedNoticeText(accepted: { version: string; acceptedAt: string } | undefined, date: string) {
  return accepted
    ? `You accepted the privacy notice (version ${accepted.version}) on ${date}.`
    : 'You have not accepted the privacy notice yet.';
}

/**
 * The profile's "Your data" section (docs/product.md#download-my-data): the privacy notice the user accepted,
 * and "Download my data", the ZIP of everything the portal holds about them, fetched with their
 * tokens and saved as a file. The button says it is working while the server prepares it; a
 * failure says why, beside it, and the button tries again.
 */
export function YourDataSection() {
  const { api } = usePortal();
  const user = useCurrentUser();
  const format = useDateFormat();
  const [state, setState] = useState<{ downloading: boolean; error: string | null }>({
    downloading: false,
    error: null,
  });
  const [showNotice, setShowNotice] = useState(false);
  const notice = useQuery({ ...privacyNoticeQueryOptions(api), enabled: showNotice });

  const download = async () => {
    setState({ downloading: true, error: null });
    try {
      saveBlob(await api.download(MY_DATA_PATH), myDataFileName(new Date()));
      setState({ downloading: false, error: null });
    } catch (error) {
      setState({ downloading: false, error: (error as Error).message });
    }
  };

  const accepted = user.data?.privacyNotice;
  return (
    <ProfileSection id="your-data" title={YOUR_DATA_TEXTS.title}>
      <Typography.Paragraph>
        {acceptedNoticeText(accepted, accepted ? format.date(accepted.acceptedAt) : '')}{' '}
        <Button
          type="link"
          style={{ padding: 0, height: 'auto' }}
          aria-expanded={showNotice}
          onClick={() => setShowNotice((shown) => !shown)}
        >
          {showNotice ? YOUR_DATA_TEXTS.hideNotice : YOUR_DATA_TEXTS.readNotice}
        </Button>
      </Typography.Paragraph>
      {showNotice && notice.data && (
        <div style={{ marginBottom: 16 }}>
          <PrivacyNoticeText notice={notice.data} />
        </div>
      )}
      {showNotice && notice.isError && (
        <Typography.Paragraph type="danger">{notice.error.message}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{YOUR_DATA_TEXTS.explain}</Typography.Paragraph>
      <Button loading={state.downloading} onClick={() => void download()}>
        {state.downloading ? YOUR_DATA_TEXTS.preparing : YOUR_DATA_TEXTS.download}
      </Button>
      {state.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={YOUR_DATA_TEXTS.failed}
          description={state.error}
        />
      )}
    </ProfileSection>
  );
}
