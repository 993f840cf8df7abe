import { useQuery } from '@tanstack/react-query';
import { fileQueryOptions, usePortal } from '@portal/shared/client';

/** Shows an uploaded file's name (and size) for a file-upload answer. */
export function FileName({ fileId }: { fileId: string }) {
  const { api } = usePortal();
  const file = useQuery(fileQueryOptions(api, fileId));
  if (file.isPending) return <>Loading the file name…</>;
  if (file.isError) return <>An uploaded file (its details could not be loaded)</>;
  return (
    <>
      {file.data.name} ({Math.max(1, Math.round(file.data.size / 1024))} KB)
    </>
  );
}
