import { expect, test } from './support/test';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, submitApplication } from './support/applications';
import { expectAccessible } from './support/axe';

/**
 * Erasure of an applicant's personal data (docs/product.md#deleting-your-account,
 * docs/product.md#data-retention): an applicant with an application under review deletes their
 * account from their profile (told it is withdrawn from review, the word typed), is signed out and
 * can no longer sign in; the director sets the demo form's retention in the builder and runs its dry
 * run. Screenshots of the new screens at 1366 and 390 px.
 */

test.describe.configure({ timeout: 180_000 });

test('an applicant deletes their account from their profile and is signed out for good', async ({ page }, testInfo) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('erase-me'), 'erase-password-1', {
    firstName: 'Erin',
    lastName: 'Erasable',
  });
  await submitApplication(page.request, account, ['bootcamp']);
  await logIn(page, account.email, account.password);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(`Your account and your sign-in (${account.email})`)).toBeVisible();
  await expect(dialog.getByText('It is under review: deleting your account withdraws it from review.')).toBeVisible();
  await expect(dialog.getByText('1 file you uploaded')).toBeVisible();
  const remove = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(remove).toBeEnabled();
  await expectAccessible(page, 'delete account dialog');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`delete-account-${width}.png`) });
  }

  await remove.click();
  await expect(page.getByText('Your account and your data have been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('button', { name: 'Log In' }).or(page.getByRole('link', { name: 'Log In' })),
  ).toBeVisible();

  // The identity account is gone: signing in again is refused.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByText(/Incorrect email or password|no account/i))
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the director sets how long a form keeps personal data, and sees the dry run', async ({ page }, testInfo) => {
  // An application not decided yet: as decided now, the erasure would remove it.
  const applicant = await registerVerifiedApplicant(page.request, uniqueEmail('not-accepted'));
  await submitApplication(page.request, applicant, ['bootcamp']);
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/forms/${FORM}/edit`);
  await page.getByRole('tab', { name: 'Form' }).click();
  const days = page.getByLabel('Keep the personal data of applicants not accepted for (days after the release)');
  await expect(days).toBeVisible();
  await days.fill('120');
  await expect(page.getByText(/^120 days after the decisions are released/)).toBeVisible();
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText(/saved\.$/).first()).toBeVisible();
  // The saved form opens again on its sections: back to the Form tab, with the days as saved.
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(days).toHaveValue('120');

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText(/The decisions are not released yet, so nothing is erased yet\./)).toBeVisible();
  await expect(page.getByText(/^[1-9]\d* applicants? not accepted: [1-9]\d* accounts? deleted whole/)).toBeVisible();
  await expect(page.getByText(/^[1-9]\d* uploaded files?$/)).toBeVisible();
  await expectAccessible(page, 'retention settings and dry run');
  const card = page.locator('.ant-card').filter({ hasText: 'Data retention' });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The narrower layout may draw the card anew while the scroll waits for it to hold still (a
    // fresh-clone run saw it detached): scroll again until one attempt lands.
    await expect(() => card.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    await page.screenshot({ path: testInfo.outputPath(`retention-${width}.png`) });
  }
  // Back to the default, as the shared runtime's form was.
  await page.setViewportSize({ width: 1366, height: 900 });
  await days.fill('180');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText(/saved\.$/).first()).toBeVisible();
});
