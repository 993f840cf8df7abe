import { useQuery } from '@tanstack/react-query';
import { fileQueryOptions, usePortal } from '@portal/shared/client';

/** A file-upload answer shown by the uploaded file's name. */
export function FileAnswer({ fileId }: { fileId: string }) {
  const { api } = usePortal();
  const file = useQuery(fileQueryOptions(api, fileId));
  if (file.isPending) return <>Loading the file name…</>;
  if (file.isError) return <>An uploaded file (its name could not be loaded)</>;
  return <>{file.data.name}</>;
}
