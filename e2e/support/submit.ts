import { expect, type Page } from '@playwright/test';

/**
 * On the review page: "Submit application", then "Yes, submit" in the confirmation, until the
 * dialog has closed (a click while antd's dialog still zooms in can miss it on a loaded machine).
 */
export async function submitFromReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your application?' });
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Yes, submit' }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
