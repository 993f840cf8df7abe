import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, logIn, registerAccount, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, assign, directorHeaders, submitApplication } from './support/applications';
import { RESPONSE_MESSAGES } from '@portal/shared/domain';
import { expectAccessible } from './support/axe';

/**
 * axe-core on every page of the portal, and on its dialogs and error states: no serious or
 * critical violation anywhere, and no moderate one outside the staff pages (see support/axe.ts).
 */
test.describe.configure({ timeout: 300_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first();

test('the account pages', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, 'Application Portal')).toBeVisible();
  await expectAccessible(page, 'landing');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expectAccessible(page, 'login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'login refused');

  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectAccessible(page, 'signup with field errors');

  for (const path of ['/forgotpassword', '/resetpassword', '/no-such-page']) {
    await page.goto(path);
    // The page itself, not its loading screen: each page has its level-one heading.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, path);
  }

  const unverified = await registerAccount(page.request, uniqueEmail('a11y-unverified'));
  await logIn(page, unverified.email, unverified.password);
  await expect(page).toHaveURL(/\/verify$/);
  await expect(heading(page, 'Verify your email')).toBeVisible();
  await expectAccessible(page, 'verify');

  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await context.newPage();
  const account = await registerVerifiedApplicant(signedIn.request, uniqueEmail('a11y-profile'));
  await logIn(signedIn, account.email, account.password);
  await signedIn.goto('/profile');
  await expect(signedIn.getByLabel('First name')).toHaveValue('Test');
  await expectAccessible(signedIn, 'profile');
  await signedIn.goto('/');
  await expect(signedIn.getByRole('main').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectAccessible(signedIn, 'landing, signed in');
  await context.close();
});

test('the applicant pages, their dialogs and error states', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('a11y-applicant'));
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Start application' })).toBeVisible();
  await expectAccessible(page, 'overview');

  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(heading(page, 'About You')).toBeVisible();
  await expectAccessible(page, 'editor: About You');
  await page
    .getByRole('textbox', { name: 'What name do you go by?' })
    .fill('one two three four five six seven eight nine ten eleven');
  await page.getByRole('textbox', { name: 'What name do you go by?' }).blur();
  await expect(page.getByText('Write at most 10 words (now 11)')).toBeVisible();
  await expectAccessible(page, 'editor: a question with an error');
  await page.getByRole('textbox', { name: 'What name do you go by?' }).fill('Nova');

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Designer$/ }).check();
  await expectAccessible(page, 'editor: Roles');
  for (const section of ['motivation', 'design']) {
    await page.goto(`/apply/f/${FORM}/${section}`);
    await expect(page.getByRole('button', { name: 'Save application' })).toBeVisible();
    await expectAccessible(page, `editor: ${section}`);
  }

  // A failed save (server down), and logging out while it is unsaved.
  await page.route('**/api/application/save/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.getByRole('textbox', { name: 'Link to your portfolio' }).fill('https://example.org/nova');
  await expect(page.getByText(/^Failed to save your application \(/)).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'editor: failed save');
  await page.getByRole('button', { name: 'Log out' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Your last changes are not saved' });
  await expect(unsaved).toBeVisible();
  await expectAccessible(page, 'logout with unsaved changes');
  await page.unroute('**/api/application/save/**');
  await unsaved.getByRole('button', { name: 'Stay and retry' }).click();
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 15_000 });

  // The review page with the server's refusal.
  await page.goto(`/apply/submit/${FORM}`);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'review and submit, confirmation');
  await confirm.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByText('Your application is not complete').first()).toBeVisible();
  await expectAccessible(page, 'review and submit, refused');

  await page.goto('/apply/status');
  await expect(heading(page, 'Application status')).toBeVisible();
  await expectAccessible(page, 'status, in progress');

  const submitted = await submitApplication(page.request, account, ['bootcamp']).catch(() => null);
  expect(submitted).not.toBeNull();
  await page.goto('/apply/success');
  await expect(heading(page, 'Your application has been submitted!')).toBeVisible();
  await expectAccessible(page, 'success');
  await page.goto('/apply/status');
  await expect(page.getByText('In review').first()).toBeVisible();
  await expectAccessible(page, 'status, in review');
  await page.goto(`/apply/revisit/${FORM}`);
  await expect(page.getByText('Nova').first()).toBeVisible();
  await expectAccessible(page, 'revisit');
  await page.goto(`/apply/decision/${submitted!.id}/bootcamp`);
  await expect(page.getByText(RESPONSE_MESSAGES.decisionsNotReleased)).toBeVisible();
  await expectAccessible(page, 'decision before release');

  await page.goto('/apply/f/no-such-form/anything');
  await expect(page.getByText(/^Something went wrong: /)).toBeVisible({ timeout: 3000 });
  await expectAccessible(page, 'editor of an unknown form');
});

test('the staff pages', async ({ page, browser }) => {
  const applicant = await registerVerifiedApplicant(page.request, uniqueEmail('a11y-staffed'));
  const response = await submitApplication(page.request, applicant, ['bootcamp']);
  const headers = await directorHeaders(page.request);
  const assigned: Record<string, string> = {};
  for (const kind of ['review', 'interview'] as const) {
    const [created] = await assign(page.request, headers, kind, [
      { responseId: response.id, role: 'bootcamp', staffId: 'demo-director' },
    ]);
    assigned[kind] = created!.id;
  }

  await logIn(page, DEMO.director);
  await page.goto('/admin');
  await expect(page.locator('main')).not.toBeEmpty();
  await expectAccessible(page, 'admin home');
  const dashboard = `/admin/dor/dashboard/${FORM}`;
  for (const tab of ['all', 'qualified', 'reviewers', 'interviewers']) {
    await page.goto(`${dashboard}/${tab}`);
    await expect(heading(page, 'Super Reviewer Dashboard')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `dashboard ${tab}`);
  }
  for (const path of [
    '/admin/dor/users',
    '/admin/dor/forms',
    '/admin/dor/audit',
    `/admin/dor/application/${FORM}/${response.id}`,
    `/admin/dor/reviews/${response.id}`,
    `/admin/dor/interviews/${response.id}`,
    `/admin/dor/reviewer/${FORM}/demo-director`,
    `/admin/reviewer/dashboard/${FORM}/apps`,
    `/admin/reviewer/dashboard/${FORM}/interviews`,
  ]) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
  await page.goto(`/admin/review/f/${FORM}/${response.id}/roles/${assigned.review}`);
  await expect(heading(page, 'Review')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Relevant experience' }).getByText('2', { exact: true }).click();
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'review screen');
  await page.goto(`/admin/interview/f/${FORM}/${response.id}/${assigned.interview}`);
  await expect(heading(page, 'Interview')).toBeVisible();
  await expectAccessible(page, 'interview screen');

  // A reviewer without role preferences gets the preference dialog first.
  const reviewerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const reviewer = await reviewerContext.newPage();
  await logIn(reviewer, DEMO.reviewer);
  await reviewer.goto('/admin');
  await expect(reviewer.locator('main')).not.toBeEmpty();
  await reviewer.waitForLoadState('networkidle');
  await expectAccessible(reviewer, 'admin home of a reviewer');
  await reviewerContext.close();
});
