import type { Page } from '@playwright/test';

/**
 * Whether the page and every table fit the window without a horizontal scroll. Assert it with
 * `expect.poll`: after a resize the page lays out again (antd's breakpoints, tables measuring
 * themselves) a moment later, longer on a loaded machine.
 */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth <= window.innerWidth,
    tables: [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')].every(
      (table) => table.scrollWidth <= table.clientWidth,
    ),
  }));
