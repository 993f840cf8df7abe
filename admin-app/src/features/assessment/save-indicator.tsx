import { Typography } from 'antd';
import type { SaveStatus } from './use-assessment-draft';

const formatTime = (date: Date) => date.toLocaleTimeString();

export function saveIndicatorText(status: SaveStatus, lastSavedAt: Date | null): string {
  if (status === 'saving') return 'Saving...';
  if (status === 'failed') return `Failed to save (Last save: ${lastSavedAt ? formatTime(lastSavedAt) : 'never'})`;
  return lastSavedAt ? `Last save: ${formatTime(lastSavedAt)}` : 'Not yet saved';
}

export function SaveIndicator({ status, lastSavedAt }: { status: SaveStatus; lastSavedAt: Date | null }) {
  return (
    <Typography.Text type={status === 'failed' ? 'danger' : 'secondary'} role="status" aria-live="polite">
      {saveIndicatorText(status, lastSavedAt)}
    </Typography.Text>
  );
}
