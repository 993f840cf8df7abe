import { expect, type Locator } from '@playwright/test';

/**
 * Answers an antd Popconfirm: clicks `trigger`, then the popup's button `ok`, and waits until
 * `done` shows. On a loaded machine a click can land while the popup is still opening and do
 * nothing (the popup stays open, nothing is sent): then it clicks again, unless `done` has shown
 * by then. A confirmed action disables its trigger while it is sent, so it is never sent twice.
 */
export async function confirmPopconfirm(trigger: Locator, ok: string, done: Locator): Promise<void> {
  const button = trigger.page().locator('.ant-popover:visible').getByRole('button', { name: ok, exact: true });
  await expect(async () => {
    // A click of an earlier try that took effect late: answering again would act on what is there now.
    if (await done.isVisible()) return;
    if (!(await button.isVisible())) await trigger.click({ timeout: 2000 });
    await button.click({ timeout: 2000 });
    await expect(done).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}
