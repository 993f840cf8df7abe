import { expect, test } from '@playwright/test';
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
