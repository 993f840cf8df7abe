import type { ApiClient } from './api-client';

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

const filePath = (fileId: string) => `/files/${encodeURIComponent(fileId)}`;

/** Fetches the file with the caller's tokens and hands it to the browser as a download. */
export async function downloadFile(api: ApiClient, fileId: string, fileName: string): Promise<void> {
  saveBlob(await api.download(filePath(fileId)), fileName);
}

/** Types a browser shows in a tab of its own (its PDF viewer, or the image). */
export const VIEWABLE_FILE_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/**
 * Opens the file in a new tab: the tab opens at the click (so no popup blocker refuses it), then
 * shows the file, fetched with the caller's tokens, as a blob URL of its own type (the browser's
 * PDF viewer; the blob's document keeps the portal's Content-Security-Policy). The tab closes
 * again if the file cannot be fetched, and the error is thrown for the caller to show.
 */
export async function viewFile(api: ApiClient, fileId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.download(filePath(fileId));
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has loaded the blob long before; a tab left open keeps what it shows.
    setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
