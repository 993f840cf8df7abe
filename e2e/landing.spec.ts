import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { CHUNK_PACKAGES_FILE, type ChunkPackages } from '../tools/webpack/chunk-packages-plugin';
import { outputDir } from '../tools/webpack/app-dirs';
import { prefersReducedMotion } from './support/motion';
import { recordRequests } from './support/requests';

test('a signed-out visitor sees the landing page, and no remote is downloaded', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Application Portal' })).toBeVisible();
  await expect(page.getByText('Apply to be a member!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');

  const footer = page.getByRole('navigation', { name: /on the web/ });
  for (const [name, href] of [
    ['Instagram', 'https://www.instagram.com/example-chapter/'],
    ['LinkedIn', 'https://www.linkedin.com/company/example-chapter/'],
    ['GitHub', 'https://github.com/example-chapter'],
    ['Website', 'https://example.org/'],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href!);
  }

  // The browser tests run as a user who asks for less motion (playwright.config.ts).
  expect(await prefersReducedMotion(page)).toBe(true);

  await page.waitForLoadState('networkidle');
  expect(requests.remoteEntries()).toEqual([]);
  expect(requests.paths()).not.toContain('/remotes.json');
});

test('an unknown address shows the not-found page inside the layout, with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /on the web/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Apply to be a member!')).toBeVisible();
});

/** The header and footer as drawn: what the visitor sees of the frame around every page. */
function frameStyle(page: Page) {
  return page.evaluate(() =>
    ['header', 'header a[href="/"]', 'footer'].map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return [
        selector,
        style.fontFamily,
        style.fontSize,
        style.color,
        style.background,
        style.height,
        style.borderBottom,
      ];
    }),
  );
}

test('the signed-out landing page downloads no antd, and its frame looks the same once antd has loaded', async ({
  page,
}) => {
  const report = JSON.parse(readFileSync(path.join(outputDir('shell'), CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const packages = requests
    .paths()
    .filter((p) => p.endsWith('.js'))
    .flatMap((p) => Object.keys(report[p.slice(1)] ?? {}));
  expect(packages).toContain('react-dom');
  expect(
    packages.filter((name) => name === 'antd' || name.startsWith('@ant-design/') || name.startsWith('@firebase/')),
  ).toEqual([]);
  const before = await frameStyle(page);

  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await frameStyle(page)).toEqual(before);
});
