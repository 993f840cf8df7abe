import { submitFromReview } from './support/submit';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ApplicationResponse } from '@portal/shared/domain';
import { logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, idToken, submitApplication } from './support/applications';

/** The applicant's autosave in the real browser: nothing saved is ever lost, nothing typed is lost silently. */
test.describe.configure({ timeout: 180_000 });

const field = (page: Page, question: string) => page.getByRole('textbox', { name: question });
const lastSave = (page: Page) => page.getByText(/^Last save: /);

/** The applicant's response as the server has it. */
async function stored(request: APIRequestContext, account: { email: string; password: string }) {
  const headers = { Authorization: `Bearer ${await idToken(request, account.email, account.password)}` };
  const res = await request.post('/api/responses', { headers, data: { formId: FORM } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ApplicationResponse;
}

const answerIn = (response: ApplicationResponse, sectionId: string, questionId: string) =>
  response.sectionResponses.find((s) => s.sectionId === sectionId)?.questions.find((q) => q.questionId === questionId)
    ?.response;

const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('portal:draft:')));

async function signedInContext(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await logIn(page, account.email, account.password);
  return { context, page };
}

test('two browser contexts: a save from each side is never dropped; only a question changed on both asks', async ({
  browser,
  page,
}) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('two-contexts'));
  const a = await signedInContext(browser, account);
  const b = await signedInContext(browser, account);
  await a.page.goto(`/apply/f/${FORM}/motivation`);
  await b.page.goto(`/apply/f/${FORM}/about-you`);
  await expect(field(b.page, 'What name do you go by?')).toBeVisible();
  await expect(field(a.page, 'Anything else we should know? (optional)')).toBeVisible();

  // Tab A saves "Anything else"; tab B, still on the older version, edits another question.
  await field(a.page, 'Anything else we should know? (optional)').fill('I volunteer at a food bank.');
  await expect(lastSave(a.page)).toBeVisible({ timeout: 10_000 });
  await field(b.page, 'What name do you go by?').fill('Nova');
  await expect(lastSave(b.page)).toBeVisible({ timeout: 10_000 });
  await expect(b.page.getByRole('dialog')).toHaveCount(0);

  let server = await stored(page.request, account);
  expect(answerIn(server, 'motivation', 'anything-else')).toBe('I volunteer at a food bank.');
  expect(answerIn(server, 'about-you', 'preferred-name')).toBe('Nova');

  // Tab A, now behind, edits a third question: merged again, nothing asked, nothing dropped.
  await a.page.getByRole('checkbox', { name: 'Health' }).check();
  await expect(lastSave(a.page)).toBeVisible({ timeout: 10_000 });
  await a.page.waitForTimeout(2500);
  server = await stored(page.request, account);
  expect(answerIn(server, 'motivation', 'interests')).toEqual(['Health']);
  expect(answerIn(server, 'motivation', 'anything-else')).toBe('I volunteer at a food bank.');
  expect(answerIn(server, 'about-you', 'preferred-name')).toBe('Nova');
  await expect(a.page.getByRole('dialog')).toHaveCount(0);

  // The same question changed on both sides: that one asks, with both texts side by side.
  await b.page.goto(`/apply/f/${FORM}/motivation`);
  await expect(field(b.page, 'Anything else we should know? (optional)')).toHaveValue('I volunteer at a food bank.');
  await field(a.page, 'Anything else we should know? (optional)').fill('From the laptop.');
  await expect(lastSave(a.page)).toBeVisible({ timeout: 10_000 });
  await a.page.waitForTimeout(2500);
  await field(b.page, 'Anything else we should know? (optional)').fill('From the phone.');
  const dialog = b.page.getByRole('dialog', { name: 'This application was changed somewhere else' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  const question = dialog.getByRole('region', { name: 'Anything else we should know?' });
  await expect(question.getByText('From the phone.')).toBeVisible();
  await expect(question.getByText('From the laptop.')).toBeVisible();
  await expect(dialog.getByRole('region')).toHaveCount(1);
  // Side by side, each text above its own choice, nothing drawn over another: measured once the
  // dialog's opening animation has ended (mid-zoom, two boxes read one after the other disagree).
  await expect
    .poll(() => dialog.evaluate((element) => element.ownerDocument.getAnimations().length), { timeout: 5_000 })
    .toBe(0);
  const box = async (text: string) => (await question.getByText(text).boundingBox())!;
  const mine = await box('From the phone.');
  const theirs = await box('From the laptop.');
  const keep = await box('Keep my version');
  expect(theirs.x).toBeGreaterThan(mine.x + mine.width);
  expect(Math.abs(theirs.y - mine.y)).toBeLessThan(2);
  expect(keep.y).toBeGreaterThanOrEqual(mine.y + mine.height);
  await b.page.screenshot({ path: 'test-results/autosave/conflict-dialog.png' });
  await dialog.getByRole('radio', { name: 'Keep my version' }).check();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(lastSave(b.page)).toBeVisible({ timeout: 10_000 });

  server = await stored(page.request, account);
  expect(answerIn(server, 'motivation', 'anything-else')).toBe('From the phone.');
  expect(answerIn(server, 'motivation', 'interests')).toEqual(['Health']);
  expect(answerIn(server, 'about-you', 'preferred-name')).toBe('Nova');
  await a.context.close();
  await b.context.close();
});

test('a failed save is retried until the server is back, and when the connection returns', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('retry'));
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);

  await page.route('**/api/application/save/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await field(page, 'What name do you go by?').fill('Nova');
  await expect(page.getByText(/^Failed to save your application \(/)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Trying again automatically.')).toBeVisible();
  // The spec's error toast: a red card with a close button and no progress bar.
  const toast = page.locator('.Toastify__toast--error');
  await expect(toast).toContainText('Failed to save your application!');
  await expect(toast.locator('.Toastify__progress-bar--wrp')).toHaveCSS('opacity', '0');
  await expect(toast.getByRole('button', { name: 'close' })).toBeVisible();
  await page.unroute('**/api/application/save/**');
  // No edit: the retry (1 s, 2 s, …) saves it.
  await expect(lastSave(page)).toBeVisible({ timeout: 15_000 });
  expect(answerIn(await stored(page.request, account), 'about-you', 'preferred-name')).toBe('Nova');

  await page.context().setOffline(true);
  await field(page, 'What name do you go by?').fill('Nova Reyes');
  await expect(page.getByText(/You are offline/)).toBeVisible({ timeout: 10_000 });
  await page.context().setOffline(false);
  await expect(lastSave(page)).toBeVisible({ timeout: 10_000 });
  expect(answerIn(await stored(page.request, account), 'about-you', 'preferred-name')).toBe('Nova Reyes');
  expect(await draftKeys(page)).toEqual([]);
});

test('leaving with unsaved text asks the browser to warn', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('unload'));
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  await page.route('**/api/application/save/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await field(page, 'What name do you go by?').fill('Nova');

  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const shown = await dialog;
  expect(shown.type()).toBe('beforeunload');
  await shown.accept();
});

test('logging out half a second after typing saves the text first and leaves no copy behind', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('logout'));
  for (const name of ['Nova', 'Nova Reyes']) {
    await logIn(page, account.email, account.password);
    await page.goto(`/apply/f/${FORM}/about-you`);
    await field(page, 'What name do you go by?').fill(name);
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 10_000 });

    expect(answerIn(await stored(page.request, account), 'about-you', 'preferred-name')).toBe(name);
    expect(await draftKeys(page)).toEqual([]);
  }
});

test('logging out while the server is unreachable says so; discarding drops the copy', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('logout-offline'));
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  await page.route('**/api/application/save/**', (route) => route.abort('connectionrefused'));
  await field(page, 'What name do you go by?').fill('They/them');

  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your last changes are not saved' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  expect(await draftKeys(page)).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Log out and discard them' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 10_000 });
  expect(await draftKeys(page)).toEqual([]);
  expect(answerIn(await stored(page.request, account), 'about-you', 'preferred-name')).toBe('');
});

test('on opening, the indicator tells the true state: the last save, and after a failure still the last save', async ({
  page,
}) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('indicator'));
  await submitApplication(page.request, account, ['bootcamp'], { submit: false });
  await logIn(page, account.email, account.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  await expect(field(page, 'What name do you go by?')).toHaveValue('Nova');
  // At once, without an edit: the server's last save, never "Form not yet saved!".
  await expect(lastSave(page)).toBeVisible({ timeout: 3000 });
  await expect(page.getByText('Form not yet saved!')).toHaveCount(0);

  await page.route('**/api/application/save/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await field(page, 'What name do you go by?').fill('Nova Reyes');
  const failed = page.getByText(/^Failed to save your application \(Last save: /);
  await expect(failed).toBeVisible({ timeout: 10_000 });
  await expect(failed).not.toContainText('never');
});

test('a copy kept on this browser is never shown to another account, and submit clears every copy', async ({
  page,
  context,
}) => {
  const ada = await registerVerifiedApplicant(page.request, uniqueEmail('kept-ada'));
  const bo = await registerVerifiedApplicant(page.request, uniqueEmail('kept-bo'));
  await submitApplication(page.request, ada, ['bootcamp'], { submit: false });

  // Ada types while the server cannot be reached, then the tab is closed: her copy stays on this browser.
  await logIn(page, ada.email, ada.password);
  await page.goto(`/apply/f/${FORM}/about-you`);
  await page.route('**/api/application/save/**', (route) => route.abort('connectionrefused'));
  await field(page, 'What name do you go by?').fill('Kept for Ada');
  await expect(page.getByText(/^Failed to save your application \(/)).toBeVisible({ timeout: 10_000 });
  expect(await draftKeys(page)).toHaveLength(1);
  await page.close();

  const shared = await context.newPage();
  await shared.goto('/');
  await shared.getByRole('button', { name: 'Log out' }).first().click();
  await expect(shared.getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 10_000 });
  await logIn(shared, bo.email, bo.password);
  await shared.getByRole('button', { name: 'Start application' }).click();
  await expect(field(shared, 'What name do you go by?')).toHaveValue('');
  await expect(shared.getByText('Kept for Ada')).toHaveCount(0);
  await field(shared, 'What name do you go by?').fill('Bo');
  await expect(lastSave(shared)).toBeVisible({ timeout: 10_000 });
  expect(answerIn(await stored(shared.request, bo), 'about-you', 'preferred-name')).toBe('Bo');
  expect(answerIn(await stored(shared.request, ada), 'about-you', 'preferred-name')).toBe('Nova');
  expect(await draftKeys(shared)).toHaveLength(1);

  // Ada, back on this browser, submits from the review page: no copy of hers is left behind.
  await shared.getByRole('button', { name: 'Log out' }).first().click();
  await expect(shared.getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 10_000 });
  await logIn(shared, ada.email, ada.password);
  await shared.goto(`/apply/submit/${FORM}`);
  await submitFromReview(shared);
  await expect(shared).toHaveURL(/\/apply\/success$/);
  expect(await draftKeys(shared)).toEqual([]);
});
