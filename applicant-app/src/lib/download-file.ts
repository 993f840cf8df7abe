import type { ApiClient } from '@portal/shared/client';

/** Hands a blob to the browser as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; revoking later keeps slow browsers safe.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Fetches the file with the caller's tokens and hands it to the browser as a download. */
export async function downloadFile(api: ApiClient, fileId: string, fileName: string): Promise<void> {
  saveBlob(await api.download(`/files/${encodeURIComponent(fileId)}`), fileName);
}
