import { expect, type Locator } from '@playwright/test';

interface PopupAnswer {
  /** Whether the popup is open now. */
  isOpen: () => Promise<boolean>;
  /** Opens it (a click on its trigger). */
  open: () => Promise<void>;
  /** Clicks the answer inside it (with a short timeout of its own). */
  answer: () => Promise<void>;
  /** What shows once the answer has taken effect. */
  done: Locator;
  /** How long one try waits for `done`. */
  settle: number;
  /** How long every try together may take. */
  timeout: number;
}

/**
 * Answers an antd popup (a Select's dropdown, a Popconfirm): opens it unless it is open, clicks the
 * answer and waits for `done`. On a loaded machine a click can land while the popup is still opening
 * or closing and do nothing: then it tries again, unless `done` has shown by then (a click of an
 * earlier try that took effect late: answering again would act on what is there now).
 */
export async function answerPopup({ isOpen, open, answer, done, settle, timeout }: PopupAnswer): Promise<void> {
  await expect(async () => {
    if (await done.isVisible()) return;
    if (!(await isOpen())) await open();
    await answer();
    await expect(done).toBeVisible({ timeout: settle });
  }).toPass({ timeout });
}
