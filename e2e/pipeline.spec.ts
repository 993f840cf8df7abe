import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { CHUNK_PACKAGES_FILE, type ChunkPackages } from '../tools/webpack/chunk-packages-plugin';
import { outputDir, type AppName } from '../tools/webpack/app-dirs';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, submitApplication } from './support/applications';
import { expectAccessible } from './support/axe';
import { fitsWidth } from './support/layout';
import { recordRequests } from './support/requests';

/**
 * The pipeline at a glance (docs/product.md#pipeline-at-a-glance): the dashboard's Pipeline tab
 * draws its charts with uPlot, which only that tab downloads (not the dashboard's other tabs, not
 * an applicant's visit); each chart opens the rows it counts, from a click on it or on its table.
 * Screenshots at 1366 and 390 px in the test's output.
 */

test.describe.configure({ timeout: 120_000 });

const APPLICANT = { firstName: 'Aaliyah', lastName: `Pipeline${Date.now().toString(36)}` };

/** The requested scripts of `app` that carry the chart library (from the build's chunk report). */
function chartScripts(paths: string[], app: AppName = 'admin'): string[] {
  const report = JSON.parse(readFileSync(path.join(outputDir(app), CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  return paths.filter((p) => p.startsWith(`/${app}/`) && 'uplot' in (report[p.slice(app.length + 2)] ?? {}));
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

test('the pipeline tab charts the funnel, the days and the reviewers, opens their rows, and alone downloads the charts', async ({
  browser,
  page,
  request,
}, info) => {
  // An applicant of the test's own: their visit downloads no chart code; their application is counted.
  const applicant = await registerVerifiedApplicant(request, uniqueEmail('pipeline'), undefined, APPLICANT);
  const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const visit = await visitor.newPage();
  const visited = recordRequests(visit);
  await logIn(visit, applicant.email, applicant.password);
  await visit.goto('/apply');
  await expect(visit.getByRole('button', { name: 'Start application' })).toBeVisible();
  await visit.waitForLoadState('networkidle');
  expect(chartScripts(visited.paths()), 'chart code in an applicant’s visit').toEqual([]);
  await visitor.close();
  await submitApplication(request, applicant, ['bootcamp']);

  await page.setViewportSize({ width: 1366, height: 900 });
  const requests = recordRequests(page);
  await logIn(page, DEMO.director);
  const dashboard = `/admin/dor/dashboard/${FORM}`;
  await page.goto(`${dashboard}/all`);
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Reviewers' }).click();
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chartScripts(requests.paths()), 'chart code on the dashboard’s other tabs').toEqual([]);

  await page.getByRole('tab', { name: 'Pipeline' }).click();
  const funnel = page.getByRole('img', { name: /^Funnel of Bootcamp/ });
  await expect(funnel).toBeVisible();
  await expect(page.getByRole('img', { name: /^Role applications submitted per day/ })).toBeVisible();
  expect(chartScripts(requests.paths()).length, 'the pipeline tab downloads the charts').toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Bootcamp: applications at each stage' });
  await expect(table.getByRole('row', { name: /^Submitted \d+/ })).toBeVisible();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(funnel.locator('canvas')).toBeVisible();
    await expect.poll(() => fitsWidth(page), { message: `fits ${width} px` }).toEqual({ page: true, tables: true });
    await expectAccessible(page, `the pipeline tab at ${width} px`);
    await shot(page, info, 'pipeline');
  }

  // A bar of the funnel (the second, Submitted) opens its rows, the applicant's among them.
  await page.setViewportSize({ width: 1366, height: 900 });
  const over = funnel.locator('.u-over');
  const box = (await over.boundingBox())!;
  await over.click({ position: { x: 20, y: (box.height * 1.5) / 7 } });
  await expect(page).toHaveURL(/[?&]stage=submitted/);
  const bootcamp = page.locator('.ant-card').filter({ hasText: 'Bootcamp: Submitted' });
  await expect(bootcamp).toBeVisible();
  await expect(bootcamp.getByRole('link', { name: `${APPLICANT.firstName} ${APPLICANT.lastName}` })).toBeVisible();

  // The table's count of a stage is a link to the same rows; a day of the table to that day's.
  await page.getByRole('button', { name: 'Close' }).click();
  await table.getByRole('link', { name: /submitted for Bootcamp$/ }).click();
  await expect(bootcamp).toBeVisible();
  await page.getByRole('table', { name: 'Days with submissions' }).getByRole('link').last().click();
  const day = page.locator('.ant-card').filter({ hasText: /^Submitted on \d{4}-\d{2}-\d{2}/ });
  await expect(day).toBeVisible();
  await expect(day.getByRole('link', { name: `${APPLICANT.firstName} ${APPLICANT.lastName}` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => fitsWidth(page), { message: 'the rows fit 390 px' }).toEqual({ page: true, tables: true });
  await expectAccessible(page, 'the pipeline rows at 390 px');
  await shot(page, info, 'pipeline-rows');
});
