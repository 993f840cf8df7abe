import type { Page } from '@playwright/test';

/** Whether the page and every table fit the window without a horizontal scroll. */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth <= window.innerWidth,
    tables: [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')].every(
      (table) => table.scrollWidth <= table.clientWidth,
    ),
  }));
