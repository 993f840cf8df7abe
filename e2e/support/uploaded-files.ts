import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** Opens an uploaded file with its "Open" button, as staff do: a new tab shows the file's blob. */
export async function openUploadedFile(page: Page, fileName: string): Promise<void> {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Open ${fileName}` }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
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
