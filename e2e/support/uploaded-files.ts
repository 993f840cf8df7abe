import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * Opens an uploaded file with its "Open" button, as staff do: a new tab goes to the file's blob.
 * A browser with a PDF viewer shows it there; one without (Chromium's headless shell, which the tests
 * drive) downloads it from there. Either way the tab went to the blob.
 */
export async function openUploadedFile(page: Page, fileName: string): Promise<void> {
  // The tab may download at once, before the click's promise settles: its listener is set as it opens.
  let downloadedFrom = '';
  const listen = (tab: Page) => tab.on('download', (download) => (downloadedFrom = download.url()));
  page.once('popup', listen);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Open ${fileName}` }).click(),
  ]);
  await expect.poll(() => (tab.url().startsWith('blob:') ? tab.url() : downloadedFrom)).toMatch(/^blob:/);
  await tab.close();
}

/** Downloads an uploaded file with its "Download" button under its own name; returns its bytes. */
export async function downloadUploadedFile(page: Page, fileName: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${fileName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  return readFileSync((await download.path())!);
}
