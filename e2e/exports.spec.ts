import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import AdmZip from 'adm-zip';
import { parse } from 'csv-parse/sync';
import { exportFileName } from '@portal/shared/domain';
import { demoForm } from '../functions/src/seed/demo-form';
import { FORM, submitApplication } from './support/applications';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';

/**
 * The director downloads the demo form's applications (CSV) and uploaded files (ZIP) from the
 * dashboard's Export menu, through the real build; each file is read back. Screenshots at 1366
 * and 390 px with the control showing.
 */

test.describe.configure({ timeout: 120_000 });

async function download(page: Page, item: string) {
  await page.getByRole('button', { name: 'Export' }).click();
  const started = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const file = await started;
  return { name: file.suggestedFilename(), content: await readFile((await file.path())!) };
}

test('the director exports the applications as CSV and the uploaded files as ZIP', async ({ page, request }) => {
  const email = uniqueEmail('export');
  await submitApplication(request, await registerVerifiedApplicant(request, email), ['bootcamp'], {
    preferredName: '=HYPERLINK("http://evil.example.com")',
  });

  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(page.getByRole('heading', { name: 'Super Reviewer Dashboard' })).toBeVisible();
  const { semester } = demoForm(new Date());
  await expect(page.getByText(semester)).toBeVisible();

  const csv = await download(page, 'Applications (CSV)');
  expect(csv.name).toBe(exportFileName(semester, 'applications', new Date()));
  // First the export's notice (when it was made, whose the copy is), then the table.
  const [notice, ...rows] = parse(csv.content, { bom: true }) as string[][];
  expect(notice![0]).toMatch(/^# Exported from the application portal on .*the club's responsibility/);
  expect(rows[0]!.slice(0, 4)).toEqual(['Applicant', 'Email', 'Role', 'Roles applied']);
  expect(rows[0]).toContain('What name do you go by?');
  const mine = rows.filter((row) => row[1] === email);
  expect(mine.map((row) => [row[2], row[3]])).toEqual([['Bootcamp', 'Bootcamp']]);
  const name = mine[0]![rows[0]!.indexOf('What name do you go by?')];
  expect(name).toBe(`'=HYPERLINK("http://evil.example.com")`);
  expect(mine[0]![rows[0]!.indexOf('Upload your resume (PDF, up to 10 MB)')]).toBe('resume.pdf');

  const zip = await download(page, 'Uploaded files (ZIP)');
  expect(zip.name).toBe(exportFileName(semester, 'files', new Date()));
  const entries = new AdmZip(zip.content).getEntries().map((entry) => entry.entryName);
  expect(entries).toContain(`Test Applicant (${email})/resume.pdf`);
  // The notice, then one folder per applicant.
  expect(entries[0]).toBe('README.txt');
  expect(entries.slice(1).every((entry) => entry.split('/').length === 2)).toBe(true);

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Uploaded files (ZIP)' })).toBeVisible();
  await expectAccessible(page, 'dashboard export menu');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/exports/export-menu-${width}.png` });
  }
});
