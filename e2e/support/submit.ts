import { expect, type Page, type Request } from '@playwright/test';

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
 * closes the pop-confirm, or nowhere). On a loaded machine a click after the animation was lost too,
 * once with the pop-confirm left open and once with it closed and no release sent. So the pop-confirm
 * is opened and confirmed again until the release's request has gone out; once it has, nothing is
 * clicked again, so a release is never asked twice.
 */
export async function releaseDecisions(page: Page): Promise<void> {
  const popConfirm = page.getByRole('tooltip', { name: /Release decisions to applicants\?/ });
  let sent = false;
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/release')) sent = true;
  };
  page.on('request', onRequest);
  try {
    await expect(async () => {
      if (!sent) {
        if (!(await popConfirm.isVisible())) {
          await page.getByRole('button', { name: 'Release decisions' }).click({ timeout: 2_000 });
        }
        await expect(popConfirm).toBeVisible({ timeout: 3_000 });
        await expect
          .poll(
            () =>
              popConfirm.evaluate(
                (element) => (element.closest('.ant-popover') ?? element).getAnimations({ subtree: true }).length,
              ),
            { timeout: 3_000 },
          )
          .toBe(0);
        await popConfirm.getByRole('button', { name: 'Release', exact: true }).click({ timeout: 2_000 });
      }
      await expect(popConfirm).toBeHidden({ timeout: 3_000 });
      // The request goes out once the session's token is at hand: a moment after the click.
      await expect.poll(() => sent, { timeout: 5_000 }).toBe(true);
    }).toPass({ timeout: 30_000 });
  } finally {
    page.off('request', onRequest);
  }
}
