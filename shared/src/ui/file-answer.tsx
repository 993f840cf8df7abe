import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import {
  downloadFile,
  failureMessage,
  fileQueryOptions,
  usePortal,
  viewFile,
  VIEWABLE_FILE_TYPES,
} from '@portal/shared/client';
import { FileName } from './file-name';

/**
 * A file-upload answer as staff and the applicant read it: the file's name and size, "Open" (a
 * PDF or image in a new tab) and "Download". Either fetches the file with the reader's tokens, so
 * the server decides who may have it; a refusal shows next to the file.
 */
export function FileAnswer({ fileId }: { fileId: string }) {
  const { api } = usePortal();
  const file = useQuery(fileQueryOptions(api, fileId));
  const [busy, setBusy] = useState<'open' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!file.isSuccess) return <FileName fileId={fileId} />;
  const { name, contentType } = file.data;

  const run = (action: 'open' | 'download') => {
    setBusy(action);
    setError(null);
    const work = action === 'open' ? viewFile(api, fileId) : downloadFile(api, fileId, name);
    work
      .catch((reason: unknown) => setError(failureMessage('The file could not be opened', reason)))
      .finally(() => setBusy(null));
  };

  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap="small" wrap>
        <span>
          <FileName fileId={fileId} />
        </span>
        {VIEWABLE_FILE_TYPES.includes(contentType) && (
          <Button size="small" onClick={() => run('open')} loading={busy === 'open'} aria-label={`Open ${name}`}>
            Open
          </Button>
        )}
        <Button
          size="small"
          onClick={() => run('download')}
          loading={busy === 'download'}
          aria-label={`Download ${name}`}
        >
          Download
        </Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
