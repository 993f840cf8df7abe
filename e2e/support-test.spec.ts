import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The browser tests' own `test` (e2e/support/test.ts) closes the pages a test opened itself, so
 * none outlives its spec in the shard's browser.
 */

test.describe.configure({ mode: 'serial' });

let leftOpen: Page[] = [];

test('a test opens pages of its own', async ({ browser }) => {
  const page = await browser.newPage();
  const context = await browser.newContext();
  leftOpen = [page, await context.newPage()];
  await page.setContent('<p>still here</p>');
  await expect(page.getByText('still here')).toBeVisible();
});

test('the next test finds them closed', async ({ browser, page }) => {
  expect(leftOpen.map((opened) => opened.isClosed())).toEqual([true, true]);
  expect(browser.contexts()).toEqual([page.context()]);
});
