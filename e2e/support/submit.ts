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

/**
 * The director's "Release decisions", confirmed in its pop-confirm once the pop-confirm's opening
 * animation has ended: mid-zoom, a click can land beside "Release" (on the trigger behind it, which
 * closes the pop-confirm, or nowhere). One click, so a release is never asked twice.
 */
export async function releaseDecisions(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Release decisions' }).click();
  const popConfirm = page.getByRole('tooltip', { name: /Release decisions to applicants\?/ });
  await expect(popConfirm).toBeVisible();
  await expect
    .poll(
      () =>
        popConfirm.evaluate(
          (element) => (element.closest('.ant-popover') ?? element).getAnimations({ subtree: true }).length,
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
  await popConfirm.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(popConfirm).toBeHidden();
}
