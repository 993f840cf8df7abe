import { expect, test } from './support/test';
import { FORM } from './support/applications';
import { DEMO, logIn } from './support/accounts';
import { fitsWidth } from './support/layout';
import { ownPortal } from './support/own-portal';
import { DEMO_DATA_TEST_AUTH_EMULATOR_PORT, DEMO_DATA_TEST_PORT } from './support/ports';
import { downloadUploadedFile, openUploadedFile } from './support/uploaded-files';

/**
 * The staff pages as a chapter first sees them: a runtime started as a first `npm start` starts,
 * with the demo data's sample reviews (disagreements, scores, every role), at a laptop's 1366 px.
 */
ownPortal({
  port: DEMO_DATA_TEST_PORT,
  authEmulatorPort: DEMO_DATA_TEST_AUTH_EMULATOR_PORT,
  demoReviews: true,
  timeout: 240_000,
});

test.use({ viewport: { width: 1366, height: 900 } });

test("the staff home page's cards line up: one width in every row, one height within a row", async ({ page }) => {
  await logIn(page, DEMO.director);
  await page.goto('/admin');
  const cards = page.getByRole('main').getByRole('link').locator('.ant-card');
  await expect(cards).toHaveCount(6);
  const boxes = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
  const rows = new Map<number, { width: number; height: number }[]>();
  for (const { y, width, height } of boxes)
    rows.set(Math.round(y), [...(rows.get(Math.round(y)) ?? []), { width, height }]);
  // Four to a row at this width, as many rows as that takes.
  expect([...rows.values()].map((row) => row.length)).toEqual([4, 2]);
  expect(new Set(boxes.map(({ width }) => Math.round(width))).size).toBe(1);
  for (const row of rows.values()) expect(new Set(row.map(({ height }) => Math.round(height))).size).toBe(1);
});

test("the director's dashboard fits a laptop screen with the demo data's flagged rows, and a phone's with its table in a frame", async ({
  page,
}) => {
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(page.getByRole('row', { name: /Product Manager/ }).first()).toBeVisible();
  await expect(page.getByText('Disagreement', { exact: true }).last()).toBeVisible();
  await expect.poll(() => fitsWidth(page)).toEqual({ page: true, tables: true });

  // On a phone the table scrolls in its frame; an address wraps before its "@" only: two lines.
  await page.setViewportSize({ width: 390, height: 900 });
  const email = page.getByText('demo-sample-1@example.com', { exact: true });
  const lines = await email.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(2);
  await expect.poll(async () => (await fitsWidth(page)).page).toBe(true);
});

test("a large release's progress shows above the released dashboard and fits a laptop and a phone", async ({
  page,
}, testInfo) => {
  // As the API answers while a release's job writes its emails: the form released, 1,200 of 5,000 done.
  await page.route(`**/api/forms/${FORM}`, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), decisionsReleased: true } });
  });
  await page.route(`**/api/admin/forms/${FORM}/release/progress`, (route) =>
    route.fulfill({ json: { state: 'writing', processed: 1200, total: 5000 } }),
  );
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  const notice = page.getByRole('alert').filter({ hasText: 'their emails are being written' });
  await expect(notice.getByText("1,200 of 5,000 applicants' emails written", { exact: false })).toBeVisible();
  await expect(notice.getByRole('progressbar', { name: 'Decision emails written' })).toHaveAttribute(
    'aria-valuenow',
    '24',
  );
  await expect.poll(() => fitsWidth(page)).toEqual({ page: true, tables: true });
  await notice.screenshot({ path: testInfo.outputPath('release-progress-1366.png') });
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(async () => (await fitsWidth(page)).page).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('release-progress-390.png') });
});

test("a sample application's resume opens and downloads as a PDF, as an applicant's upload does", async ({ page }) => {
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await page.getByRole('link', { name: 'Sample Adams' }).first().click();
  await openUploadedFile(page, 'Sample-Adams-resume.pdf');
  const bytes = await downloadUploadedFile(page, 'Sample-Adams-resume.pdf');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // A question is its own label, with its own punctuation: "…?" and "…." are not followed by a colon.
  const label = page.getByText('What name do you go by?', { exact: true });
  await expect(label).toBeVisible();
  expect(await label.evaluate((element) => getComputedStyle(element, '::after').content)).not.toContain(':');
  await expect.poll(() => fitsWidth(page)).toEqual({ page: true, tables: true });
  await page.screenshot({ path: 'test-results/demo-staff-pages/sample-application.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(async () => (await fitsWidth(page)).page).toBe(true);
  await page.screenshot({ path: 'test-results/demo-staff-pages/sample-application-390.png', fullPage: true });
});
