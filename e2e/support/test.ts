import { test as base } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, and every browser context a test opens itself
 * (`browser.newContext()`, `browser.newPage()`) is closed when the test ends, passed or failed.
 *
 * The shard's browser lives as long as its worker. A page left open outlives its spec's runtime and
 * keeps polling a server that has stopped; Playwright's screenshot on failure also takes every open
 * page of the worker, so those leftovers stood in the next failing test's report. Specs import
 * `test` from here (lint refuses it from '@playwright/test').
 */
export const test = base.extend<{ closeContextsItOpened: void }>({
  closeContextsItOpened: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
