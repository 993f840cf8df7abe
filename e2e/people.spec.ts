import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { FORM, assign, idToken, submitApplication } from './support/applications';
import { DEMO, DEMO_PASSWORD, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';

/**
 * People: promoting an applicant who applied (they keep their application), a reviewer's
 * settings, demoting a reviewer with open work, and deleting a user with what goes, each
 * confirmed in a dialog that says what it touches. Screenshots at 1366 and 390 px.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  return page;
}

/** Screenshots at a laptop's width and a phone's, then back to the page's own size; axe on what shows. */
async function shots(page: Page, name: string) {
  await expectAccessible(page, name);
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/people/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The users page with `email` found and selected. */
async function selectUser(director: Page, email: string) {
  await director.goto('/admin/dor/users');
  await director.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = director.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
}

async function changeRole(director: Page, role: string) {
  await director.getByRole('combobox', { name: 'New role' }).click();
  await director.getByTitle(role, { exact: true }).click();
  await director.getByRole('button', { name: 'Apply to 1 selected' }).click();
  return director.getByRole('dialog');
}

test('promote an applicant who applied, set preferences, demote with open work, delete', async ({ browser, page }) => {
  const person = await registerVerifiedApplicant(page.request, uniqueEmail('people'));
  const other = await registerVerifiedApplicant(page.request, uniqueEmail('people-other'));
  await submitApplication(page.request, person, ['bootcamp']);
  const otherResponse = await submitApplication(page.request, other, ['bootcamp']);

  // Promoting: the dialog warns that this person has an application.
  const director = await signedIn(browser, DEMO.director);
  await selectUser(director, person.email);
  let dialog = await changeRole(director, 'Reviewer');
  await expect(dialog.getByText('Test Applicant has an application.')).toBeVisible();
  await shots(director, 'promote-dialog');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog).toBeHidden();

  // The promoted reviewer keeps their application's status page.
  const promoted = await signedIn(browser, person.email, person.password);
  await promoted.goto('/apply/status');
  await expect(promoted.getByRole('heading', { name: 'Application status' })).toBeVisible();
  await expect(promoted.getByText('Demo Semester application')).toBeVisible();
  await expect(promoted).toHaveURL(/\/apply\/status$/);
  await shots(promoted, 'promoted-status');

  // The first dialog, then the settings page changes the roles later.
  await promoted.goto('/admin/settings');
  const first = promoted.getByRole('dialog', { name: 'Choose the roles you will review' });
  await first.getByRole('checkbox', { name: 'Engineer' }).check();
  await first.getByRole('checkbox', { name: 'Designer' }).check();
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first).toBeHidden();
  await expect(promoted.getByRole('heading', { name: 'Review preferences' })).toBeVisible();
  await expect(promoted.getByRole('checkbox', { name: 'Designer' })).toBeChecked();
  await promoted.getByRole('checkbox', { name: 'Designer' }).uncheck();
  await promoted.getByRole('checkbox', { name: 'Product Manager' }).check();
  await shots(promoted, 'settings');
  // The first dialog's own toast says the same: let it go first, so the one below is the page's.
  const saved = promoted.getByRole('alert').filter({ hasText: 'Successfully updated role preferences!' });
  await expect(saved).toHaveCount(0, { timeout: 15_000 });
  await promoted.getByRole('button', { name: 'Save preferences' }).click();
  await expect(saved).toHaveCount(1);
  await expect(promoted.getByRole('button', { name: 'Save preferences' })).toBeDisabled();

  // Given a review, then demoted: the dialog lists it and reassigns it.
  const token = await idToken(page.request, DEMO.director, DEMO_PASSWORD);
  const userId = (await (
    await page.request.get('/api/session', {
      headers: { Authorization: `Bearer ${await idToken(page.request, person.email, person.password)}` },
    })
  ).json()) as { user: { id: string } };
  await assign(page.request, { Authorization: `Bearer ${token}` }, 'review', [
    { responseId: otherResponse.id, role: 'bootcamp', staffId: userId.user.id },
  ]);
  await selectUser(director, person.email);
  dialog = await changeRole(director, 'Applicant');
  await expect(dialog.getByText('1 open review or interview would be left without a reviewer.')).toBeVisible();
  await expect(
    dialog.getByRole('radio', { name: 'Reassign them to the least loaded eligible reviewers' }),
  ).toBeChecked();
  await shots(director, 'demote-dialog');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(director.getByText(/1 user now Applicant\. 1 assignment reassigned\./)).toBeVisible();

  // Deleting: the dialog says what goes.
  await selectUser(director, person.email);
  await director.getByRole('button', { name: 'Delete', exact: true }).click();
  dialog = director.getByRole('dialog');
  await expect(dialog.getByText('Deleted: 1 application, 1 role application, 1 uploaded file.')).toBeVisible();
  await shots(director, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(director.getByText('1 user deleted.')).toBeVisible();
  await director.goto(`/admin/dor/dashboard/${FORM}/all?q=${encodeURIComponent(person.email)}`);
  await expect(
    director.getByText('Nothing matches your search.').or(director.getByText(/No applications/)),
  ).toBeVisible();

  // The repair for what older versions left of deleted users: here, nothing is left.
  await director.goto('/admin/dor/users');
  await director.getByRole('button', { name: "Remove deleted users' leftovers" }).click();
  dialog = director.getByRole('dialog');
  await shots(director, 'leftovers-dialog');
  await dialog.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(director.getByText('Nothing to remove: every application belongs to a user.')).toBeVisible();
});
