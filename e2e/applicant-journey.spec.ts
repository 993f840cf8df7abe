import { submitFromReview } from './support/submit';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { prefersReducedMotion } from './support/motion';
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
// With motion, as most users have it: the other specs ask for reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

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
  expect(await prefersReducedMotion(page), 'this journey runs with motion').toBe(false);

  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${FORM}/about-you$`));
  await expect(page.getByText('Form not yet saved!')).toBeVisible();

  await page.getByRole('textbox', { name: 'What name do you go by?' }).fill('Nova');
  await page
    .getByRole('radiogroup', { name: 'What year are you in?' })
    .getByRole('radio', { name: 'Second year' })
    .check();
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
  await page.getByRole('textbox', { name: 'Why do you want to build software for nonprofits?' }).fill(words(25));
  const causes = question(page, 'Which causes matter most to you?');
  await causes.getByRole('checkbox', { name: 'Education' }).check();
  await causes.getByRole('checkbox', { name: 'Health' }).check();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/engineering$/);
  await page.getByRole('textbox', { name: 'Tell us about a project you built.' }).fill(words(35, 'built'));

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/design$/);
  // Reload mid-typing, before the 2 s autosave: nothing typed is lost.
  await page.getByRole('textbox', { name: 'Walk us through your design process.' }).fill(words(32, 'sketch'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Walk us through your design process.' })).toHaveValue(
    words(32, 'sketch'),
  );
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });

  await page.goto(`/apply/f/${FORM}/motivation`);
  await expect(page.getByRole('textbox', { name: 'Why do you want to build software for nonprofits?' })).toHaveValue(
    words(25),
  );
  await expect(
    question(page, 'Which causes matter most to you?').getByRole('checkbox', { name: 'Health' }),
  ).toBeChecked();
  await page.goto(`/apply/f/${FORM}/about-you`);
  await expect(page.getByRole('textbox', { name: 'What name do you go by?' })).toHaveValue('Nova');

  // The portfolio link (Design) is still missing: the server refuses and says where.
  await page.goto(`/apply/submit/${FORM}`);
  // The top of the review already counts it and links to it; submitting is confirmed in a dialog.
  await expect(page.getByText('1 answer needs attention')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Answers that need attention' })
      .getByRole('link', { name: 'Link to your portfolio' }),
  ).toBeVisible();
  await submitFromReview(page);
  await expect(question(page, 'Link to your portfolio').getByRole('alert')).toHaveText('This question needs an answer');
  await expect(page).toHaveURL(new RegExp(`/apply/submit/${FORM}$`));

  // "Edit" opens the section with the problem shown next to the question, not only on the review page.
  await page.getByRole('link', { name: 'Edit Design' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${FORM}/design$`));
  const portfolio = page.getByRole('textbox', { name: 'Link to your portfolio' });
  await expect(portfolio).toHaveAccessibleDescription(/This question needs an answer/);
  const problem = (await page.getByText('This question needs an answer').boundingBox())!;
  const input = (await portfolio.boundingBox())!;
  expect(problem.y).toBeGreaterThanOrEqual(input.y + input.height);
  expect(problem.y).toBeLessThan(input.y + input.height + 60);
  await portfolio.fill('https://example.org/nova');
  await expect(page.getByText('This question needs an answer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Review and submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/submit/${FORM}$`));
  await expect(page.getByText('Every required question is answered.')).toBeVisible();
  // Complete sections are folded: unfold them to read the answers.
  await page.getByRole('button', { name: 'Expand all sections' }).click();
  await expect(page.getByText('https://example.org/nova')).toBeVisible();
  await submitFromReview(page);

  await expect(page).toHaveURL(/\/apply\/success$/);
  await expect(page.getByText('Your application has been submitted!')).toBeVisible();
  await page.goto('/apply/status');
  await expect(page.getByText('In review').first()).toBeVisible();
  await expect(page.getByText('Engineer').first()).toBeVisible();
  await expect(page.getByText('Designer').first()).toBeVisible();

  // The receipt is in the local mailbox: sent by the local sender, with the answers and the footer.
  await page.goto('/mailbox');
  const emails = page.getByRole('region', { name: `Emails to ${account.email.toLowerCase()}` });
  await expect(emails.getByText('We received your application to Example Chapter')).toBeVisible();
  await expect(emails.getByText('sent', { exact: true })).toBeVisible({ timeout: 10_000 });
  await emails.getByRole('button', { name: 'Open' }).click();
  const html = emails.getByRole('document', { name: 'We received your application to Example Chapter (HTML)' });
  await expect(html.getByText('https://example.org/nova')).toBeVisible();
  await expect(html.getByText(/You received this email because you submitted an application/)).toBeVisible();
  await emails.getByText('Plain text', { exact: true }).click();
  const text = emails.getByLabel('We received your application to Example Chapter (plain text)');
  await expect(text).toContainText('https://example.org/nova');
  await expect(text).toContainText('Engineer, Designer');
  await expect(text).toContainText('You received this email because you submitted an application to Example Chapter');

  // A submitted application can no longer be edited.
  await page.goto(`/apply/f/${FORM}/about-you`);
  await expect(page).toHaveURL(/\/apply\/status$/);
});

test('the same question changed on two devices: the stale one asks, with both texts, and nothing is lost', async ({
  page,
  browser,
}) => {
  // Tabs of one browser share each save at once (a tab with no edits of its own just updates), so the
  // stale copy is another device's: another browser context, signed in to the same account.
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('two-devices'));
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  const sameBrowser = await page.context().newPage();
  await sameBrowser.goto(`/apply/f/${FORM}/about-you`);
  const device = await browser.newContext();
  const other = await device.newPage();
  await logIn(other, account.email, account.password);
  await other.goto(`/apply/f/${FORM}/about-you`);
  await expect(other.getByRole('textbox', { name: 'What name do you go by?' })).toBeVisible();

  await page.getByRole('textbox', { name: 'What name do you go by?' }).fill('From the first tab');
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  // Another tab of the same browser, with no edits of its own, shows the save at once.
  await expect(sameBrowser.getByRole('textbox', { name: 'What name do you go by?' })).toHaveValue('From the first tab');
  await sameBrowser.close();

  await other.getByRole('textbox', { name: 'What name do you go by?' }).fill('From the second tab');
  await expect(other.getByText('This application was changed somewhere else')).toBeVisible({ timeout: 10_000 });
  await expect(other.getByRole('status').getByText('Needs your choice')).toBeVisible();
  // Nothing lost on either side: the stale tab keeps what was typed, the server keeps the first tab's save.
  await expect(other.getByRole('textbox', { name: 'What name do you go by?' })).toHaveValue('From the second tab');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'What name do you go by?' })).toHaveValue('From the first tab');

  const dialog = other.getByRole('dialog', { name: 'This application was changed somewhere else' });
  await expect(dialog.getByText('From the first tab')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Keep my version' }).check();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(other.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  const third = await page.context().newPage();
  await third.goto(`/apply/f/${FORM}/about-you`);
  await expect(third.getByRole('textbox', { name: 'What name do you go by?' })).toHaveValue('From the second tab');
  await device.close();
});
