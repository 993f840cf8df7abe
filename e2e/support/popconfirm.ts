import type { Locator } from '@playwright/test';
import { answerPopup } from './popup';

/**
 * Answers an antd Popconfirm: clicks `trigger`, then the popup's button `ok`, and waits until
 * `done` shows, clicking again if a click landed while the popup was opening (`answerPopup`). A
 * confirmed action disables its trigger while it is sent, so it is never sent twice.
 */
export async function confirmPopconfirm(trigger: Locator, ok: string, done: Locator): Promise<void> {
  const button = trigger.page().locator('.ant-popover:visible').getByRole('button', { name: ok, exact: true });
  await answerPopup({
    isOpen: () => button.isVisible(),
    open: () => trigger.click({ timeout: 2000 }),
    answer: () => button.click({ timeout: 2000 }),
    done,
    settle: 5000,
    timeout: 30_000,
  });
}
