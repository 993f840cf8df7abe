import type { Page } from '@playwright/test';

/** Whether the page is drawn for a user who asks for less motion (the portal then turns antd's animations off). */
export const prefersReducedMotion = (page: Page): Promise<boolean> =>
  page.evaluate(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
