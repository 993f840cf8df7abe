import { expect, test } from '@playwright/test';
import { DEMO, logIn } from './support/accounts';

test.use({ viewport: { width: 1366, height: 900 } });

test("the staff home page's cards line up: one width in every row, one height within a row", async ({ page }) => {
  await logIn(page, DEMO.director);
  await page.goto('/admin');
  const cards = page.getByRole('main').getByRole('link').locator('.ant-card');
  await expect(cards).toHaveCount(6);
  const boxes = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
  const rows = new Map<number, { width: number; height: number }[]>();
  for (const { x: _x, y, width, height } of boxes)
    rows.set(Math.round(y), [...(rows.get(Math.round(y)) ?? []), { width, height }]);
  // Four to a row at this width, as many rows as that takes.
  expect([...rows.values()].map((row) => row.length)).toEqual([4, 2]);
  expect(new Set(boxes.map(({ width }) => Math.round(width))).size).toBe(1);
  for (const row of rows.values()) expect(new Set(row.map(({ height }) => Math.round(height))).size).toBe(1);
});
