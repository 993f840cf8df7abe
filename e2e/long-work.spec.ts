import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import AdmZip from 'adm-zip';
import { FORM, submitApplication } from './support/applications';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { ownPortal } from './support/own-portal';
import {
  LONG_WORK_TEST_AUTH_EMULATOR_PORT,
  LONG_WORK_TEST_FIRESTORE_EMULATOR_PORT,
  LONG_WORK_TEST_PORT,
} from './support/ports';

/**
 * Long work as jobs through the real UI (docs/architecture.md#long-work-as-jobs), on a runtime whose
 * requests answer every such action with its job at once (PORTAL_JOB_INLINE_MS=0), as a large club's
 * would: auto-assign's dialog and the dashboard's ZIP notice show the job's progress bar, follow it
 * until it is done, and then say so (the reviews assigned; the ZIP to download). Each first answer
 * of the progress is held until the bar was looked at (the server's jobs are done in a moment here).
 */
ownPortal({
  port: LONG_WORK_TEST_PORT,
  authEmulatorPort: LONG_WORK_TEST_AUTH_EMULATOR_PORT,
  firestoreEmulatorPort: LONG_WORK_TEST_FIRESTORE_EMULATOR_PORT,
  timeout: 240_000,
  env: { PORTAL_JOB_INLINE_MS: '0' },
});

/** Holds the page's GET requests to `url` until `release`, then lets them reach the server. */
async function holdProgress(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  return { release };
}

/** Screenshots at a laptop's width and a phone's, then back to the page's own size. */
async function shots(page: Page, name: string, outputPath: (name: string) => string) {
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

test('auto-assign and the ZIP of the files are jobs: the page shows each progress bar until it is done', async ({
  page,
}, testInfo) => {
  const emails = ['job-a', 'job-b', 'job-c'].map(uniqueEmail);
  for (const email of emails) {
    await submitApplication(page.request, await registerVerifiedApplicant(page.request, email), ['bootcamp']);
  }
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(page.getByRole('heading', { name: 'Super Reviewer Dashboard' })).toBeVisible();
  await expect(page.getByText('3 role applications', { exact: true })).toBeVisible();

  // Auto-assign: the plan is answered with its job (202); the dialog follows it.
  const assigning = await holdProgress(page, `**/api/admin/forms/${FORM}/auto-assign/progress`);
  await page.getByRole('button', { name: 'Auto-assign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto-assign reviewers' });
  await dialog.getByLabel('Reviewers per application').fill('1');
  // Preview is only a read: asked again if a click while the dialog still zooms in missed it.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Preview' }).click({ timeout: 2_000 });
    await expect(dialog.getByRole('button', { name: 'Assign 3 reviews' })).toBeEnabled({ timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  await dialog.getByRole('button', { name: 'Assign 3 reviews' }).click();
  const assigned = dialog.getByRole('progressbar', { name: 'Applications assigned' });
  await expect(assigned).toBeVisible();
  await expect(dialog.getByText(/^0 of 3 applications given their reviewers\. You can close this/)).toBeVisible();
  await shots(page, 'auto-assign-progress', (name) => testInfo.outputPath(name));
  assigning.release();
  await expect(page.getByText('3 reviews assigned.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('row', { name: /Test Applicant/ })
      .first()
      .getByRole('link', { name: '0/1' }),
  ).toBeVisible();

  // The ZIP: packed by its job, followed by the dashboard's notice, then downloaded from it.
  const packing = await holdProgress(page, `**/api/admin/forms/${FORM}/export/files`);
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Uploaded files (ZIP)' }).click();
  const packed = page.getByRole('progressbar', { name: 'Applications packed' });
  await expect(packed).toBeVisible();
  await expect(page.getByText('The uploaded files are being packed into a ZIP')).toBeVisible();
  await shots(page, 'zip-progress', (name) => testInfo.outputPath(name));
  packing.release();
  const download = page.getByRole('button', { name: 'Download the ZIP' });
  await expect(download).toBeVisible();
  await expect(packed).toBeHidden();
  await shots(page, 'zip-ready', (name) => testInfo.outputPath(name));
  const started = page.waitForEvent('download');
  await download.click();
  const file = await started;
  const entries = new AdmZip(await readFile((await file.path())!)).getEntries().map((entry) => entry.entryName);
  for (const email of emails) expect(entries).toContain(`Test Applicant (${email})/resume.pdf`);
});
