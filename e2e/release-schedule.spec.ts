import { expect, test } from './support/test';
import { toZonedWallTime } from '@portal/shared/domain';
import { FORM } from './support/applications';
import { DEMO, logIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CHAPTER_TIME_ZONE, ZONE_IN_WORDS } from './support/time-zone';

/**
 * The director schedules the release of the demo form's decisions for a time in the chapter's
 * zone, sees it stated with its zone, runs the dry run, and cancels it (the shared runtime's form
 * is never released here: the full cycle with a moved clock is the lead's). Screenshots at 1366
 * and 390 px. The local clock is readable next to the mailbox.
 */

test.describe.configure({ timeout: 120_000 });

test('the director schedules a release in the chapter zone, runs the dry run, and cancels it', async ({
  page,
  request,
}) => {
  const clock = await request.get('/local/clock');
  expect(clock.status()).toBe(200);
  const { now } = (await clock.json()) as { now: string };

  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  const card = page.getByRole('region', { name: 'Scheduled release' });
  await expect(card).toBeVisible();
  const input = card.getByLabel(/^(Release on|Move the release to) \(/);
  // With nothing scheduled the card is one line; "Pick a time" opens the time field.
  const pick = card.getByRole('button', { name: 'Pick a time' });
  await expect(input.or(pick)).toBeVisible();
  if (await pick.isVisible()) await pick.click();
  // The label names the chapter's zone in words.
  await expect(card.locator('label').first()).toHaveText(/\(([^)]+)\)$/);
  expect(await card.locator('label').first().textContent()).toMatch(new RegExp(`\\(${ZONE_IN_WORDS}\\)$`));
  const zone = CHAPTER_TIME_ZONE;
  // 40 days ahead, at 09:15 in the chapter's zone.
  const day = toZonedWallTime(new Date(Date.parse(now) + 40 * 24 * 60 * 60 * 1000), zone).slice(0, 10);
  await input.fill(`${day}T09:15`);
  await card.getByRole('button', { name: /^(Schedule|Move)$/ }).click();
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
  const stated = card.locator('strong').first();
  await expect(stated).toHaveText(/, 9:15 AM [A-Z]{2,5}([+-]\d+)?$/);

  await card.getByRole('button', { name: 'Dry run' }).click();
  await expect(card.getByText('Decision released emails')).toBeVisible();
  await expect(card.getByText('Can release now')).toBeVisible();
  await expectAccessible(page, 'scheduled release card');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/release-schedule/scheduled-${width}.png`, fullPage: true });
  }

  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Cancel the release' }).click();
  await expect(card.getByText(/No release is scheduled/)).toBeVisible();
  // Cancelled, the card folds back to one line.
  await expect(card.getByRole('button', { name: 'Pick a time' })).toBeVisible();
  await expect(input).toBeHidden();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/release-schedule/none-${width}.png` });
  }
});
