import { expect, test, type Page } from '@playwright/test';
import { logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { makePdf } from './support/pdf';

const FORM = 'demo-form-spring';
const words = (n: number, word = 'impact') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
const question = (page: Page, text: string) => page.getByRole('group', { name: text });

/** Watches the whole page for a progress bar, however briefly it shows. */
async function watchForProgressBar(page: Page) {
  await page.addInitScript(() => {
    const seen = { progress: false };
    Object.assign(window, { __progressSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"], .ant-progress')) seen.progress = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __progressSeen: { progress: boolean } }).__progressSeen.progress);
}

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  // The store this run is about (PORTAL_STORE, as the launcher reads it) is the one the API runs on.
  const health = (await (await fetch(`${test.info().project.use.baseURL}/api/health`)).json()) as { store: string };
  expect(health.store).toBe(process.env.PORTAL_STORE || 'sqlite');
});

test('a new applicant answers every question type, survives a reload, fixes a missing answer and submits', async ({
  page,
}) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('journey'));
  const progressSeen = await watchForProgressBar(page);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/apply$/);

  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${FORM}/about-you$`));
  await expect(page.getByText('Form not yet saved!')).toBeVisible();

  await question(page, 'What name do you go by?').getByRole('textbox').fill('Nova');
  await question(page, 'What year are you in?').getByRole('radio', { name: 'Second year' }).check();
  await question(page, 'Upload your resume (PDF, up to 10 MB)')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf() });
  await expect(question(page, 'Upload your resume (PDF, up to 10 MB)').getByText('resume.pdf')).toBeVisible();
  expect(await progressSeen()).toBe(true);
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Engineering')).toHaveCount(0);
  const roles = question(page, 'Which roles are you applying for?');
  await roles.getByRole('checkbox', { name: /Engineer$/ }).check();
  await roles.getByRole('checkbox', { name: /Designer$/ }).check();
  await expect(page.getByText('Engineering', { exact: true })).toBeVisible();
  await expect(page.getByText('Design', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 'Why do you want to build software for nonprofits?').getByRole('textbox').fill(words(25));
  const causes = question(page, 'Which causes matter most to you?');
  await causes.getByRole('checkbox', { name: 'Education' }).check();
  await causes.getByRole('checkbox', { name: 'Health' }).check();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/engineering$/);
  await question(page, 'Tell us about a project you built.').getByRole('textbox').fill(words(35, 'built'));

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/design$/);
  // Reload mid-typing, before the 2 s autosave: nothing typed is lost.
  await question(page, 'Walk us through your design process.').getByRole('textbox').fill(words(32, 'sketch'));
  await page.reload();
  await expect(question(page, 'Walk us through your design process.').getByRole('textbox')).toHaveValue(
    words(32, 'sketch'),
  );
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });

  await page.goto(`/apply/f/${FORM}/motivation`);
  await expect(question(page, 'Why do you want to build software for nonprofits?').getByRole('textbox')).toHaveValue(
    words(25),
  );
  await expect(
    question(page, 'Which causes matter most to you?').getByRole('checkbox', { name: 'Health' }),
  ).toBeChecked();
  await page.goto(`/apply/f/${FORM}/about-you`);
  await expect(question(page, 'What name do you go by?').getByRole('textbox')).toHaveValue('Nova');

  // The portfolio link (Design) is still missing: the server refuses and says where.
  await page.goto(`/apply/submit/${FORM}`);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(question(page, 'Link to your portfolio').getByRole('alert')).toHaveText('This question needs an answer');
  await expect(page).toHaveURL(new RegExp(`/apply/submit/${FORM}$`));

  await page.goto(`/apply/f/${FORM}/design`);
  await question(page, 'Link to your portfolio').getByRole('textbox').fill('https://example.org/nova');
  await page.getByRole('button', { name: 'Review and submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/submit/${FORM}$`));
  await expect(page.getByText('https://example.org/nova')).toBeVisible();
  await page.getByRole('button', { name: 'Submit application' }).click();

  await expect(page).toHaveURL(/\/apply\/success$/);
  await expect(page.getByText('Your application has been submitted!')).toBeVisible();
  await page.goto('/apply/status');
  await expect(page.getByText('In review').first()).toBeVisible();
  await expect(page.getByText('Engineer').first()).toBeVisible();
  await expect(page.getByText('Designer').first()).toBeVisible();

  // A submitted application can no longer be edited.
  await page.goto(`/apply/f/${FORM}/about-you`);
  await expect(page).toHaveURL(/\/apply\/status$/);
});

test('the same application in two tabs: the stale tab is told, and nothing is lost', async ({ page, context }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('two-tabs'));
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  const other = await context.newPage();
  await other.goto(`/apply/f/${FORM}/about-you`);
  await expect(question(other, 'What name do you go by?').getByRole('textbox')).toBeVisible();

  await question(page, 'What name do you go by?').getByRole('textbox').fill('From the first tab');
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });

  await question(other, 'What name do you go by?').getByRole('textbox').fill('From the second tab');
  await expect(other.getByText('This application was changed somewhere else')).toBeVisible({ timeout: 10_000 });
  await expect(other.getByText(/^Failed to save your application \(Last save: /)).toBeVisible();
  // Nothing lost on either side: the stale tab keeps what was typed, the server keeps the first tab's save.
  await expect(question(other, 'What name do you go by?').getByRole('textbox')).toHaveValue('From the second tab');
  await page.reload();
  await expect(question(page, 'What name do you go by?').getByRole('textbox')).toHaveValue('From the first tab');

  await other.getByRole('button', { name: 'Keep my version' }).click();
  await expect(other.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  const third = await context.newPage();
  await third.goto(`/apply/f/${FORM}/about-you`);
  await expect(question(third, 'What name do you go by?').getByRole('textbox')).toHaveValue('From the second tab');
});
