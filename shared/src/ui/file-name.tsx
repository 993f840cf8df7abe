import { Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { fileQueryOptions, usePortal } from '@portal/shared/client';
import { formatFileSize } from '@portal/shared/domain/rules/files';

/** A file-upload answer shown by the uploaded file's name and size. */
export function FileName({ fileId }: { fileId: string }) {
  const { api } = usePortal();
  const file = useQuery(fileQueryOptions(api, fileId));
  if (file.isPending) return <>Loading the file name…</>;
  if (file.isError) return <>An uploaded file (its name could not be loaded)</>;
  return (
    <>
      <span>{file.data.name}</span>{' '}
      <Typography.Text type="secondary">({formatFileSize(file.data.size)})</Typography.Text>
    </>
  );
}
