import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import type { Page as ListPage, StaffMember } from '@portal/shared/domain';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, assign, directorHeaders, submitApplication } from './support/applications';
import { expectAccessible } from './support/axe';

/**
 * The reviewer's daily digest (docs/product.md#reviewer-digest): a reviewer of the test's own turns
 * the digest off and on again on their review preferences; the director sends them their digest now
 * from the reviewer progress page (confirmed, toasted with the count), a second click within the hour
 * sends nothing, and the one digest is in the local mailbox with the new assignment. Screenshots of
 * both pages at 1366 and 390 px in the test's output. (The demo accounts are left as they are.)
 */

test.describe.configure({ timeout: 180_000 });

const RUN = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
const REVIEWER = { firstName: 'Dina', lastName: `Digest${RUN}` };
const REVIEWER_NAME = `${REVIEWER.firstName} ${REVIEWER.lastName}`;

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 1366 ? 900 : 844 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function newReviewer(request: APIRequestContext, director: Record<string, string>) {
  const account = await registerVerifiedApplicant(request, uniqueEmail('digest'), 'reviewer-password-1', REVIEWER);
  const found = await request.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`, {
    headers: director,
  });
  const id = ((await found.json()) as ListPage<StaffMember>).items[0]!.id;
  const promoted = await request.post('/api/admin/users/role', {
    headers: director,
    data: { userIds: [id], role: 'reviewer' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  // Their roles chosen, so the first visit opens no roles dialog.
  const roles = await request.put(`/api/users/${id}/preferences`, {
    headers: director,
    data: { roles: ['bootcamp', 'engineer', 'designer'] },
  });
  expect(roles.status(), await roles.text()).toBe(200);
  return { ...account, id };
}

test('a reviewer turns the digest off and on; the director sends it now, once; it is in the mailbox', async ({
  browser,
  request,
}, info) => {
  const director = await directorHeaders(request);
  const applicant = await registerVerifiedApplicant(request, uniqueEmail('digested'), undefined, {
    firstName: 'Dario',
    lastName: `Digested${RUN}`,
  });
  const submitted = await submitApplication(request, applicant, ['bootcamp']);
  const reviewer = await newReviewer(request, director);
  await assign(request, director, 'review', [{ responseId: submitted.id, role: 'bootcamp', staffId: reviewer.id }]);

  // The reviewer's switch, on by default.
  // Contexts of their own: axe reads the pages through them.
  const own = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await logIn(own, reviewer.email, reviewer.password);
  await own.goto('/admin/settings');
  const digestSwitch = own.getByRole('switch', { name: 'Daily digest email' });
  await expect(digestSwitch).toBeChecked();
  await shots(own, info, 'digest-switch');
  await digestSwitch.click();
  await expect(own.getByText('The daily digest is off.')).toBeVisible();
  await expect(digestSwitch).not.toBeChecked();
  await own.reload();
  await expect(own.getByRole('switch', { name: 'Daily digest email' })).not.toBeChecked();
  await own.getByRole('switch', { name: 'Daily digest email' }).click();
  await expect(own.getByText('The daily digest is on.')).toBeVisible();
  await own.close();

  // The director sends it now, to this reviewer: confirmed, then the count.
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/progress/${FORM}`);
  await expect(page.getByRole('button', { name: 'Send digest now' })).toBeVisible();
  const sendOne = page.getByRole('button', { name: `Send ${REVIEWER_NAME} their digest` });
  await sendOne.click();
  const dialog = page.getByRole('dialog', { name: `Send ${REVIEWER_NAME} their digest now?` });
  await expect(dialog).toBeVisible();
  await shots(page, info, 'digest-confirm');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Digest sent to 1 reviewer.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await shots(page, info, 'digest-progress');

  // Again within the hour: nothing more is sent, and the toast says why.
  await sendOne.click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Digest sent to 0 reviewers. Left out: 1 reviewer sent one in the last hour.'),
  ).toBeVisible();

  await page.goto(`/mailbox?email=${encodeURIComponent(reviewer.email)}`);
  const inbox = page.getByRole('region', { name: `Emails to ${reviewer.email}` });
  const digest = inbox.locator('.ant-card').filter({ hasText: 'Your reviews at' });
  await expect(digest).toHaveCount(1);
  await digest.getByRole('button', { name: 'Open' }).click();
  await expect(digest.getByText('Assigned to you since your last digest').first()).toBeVisible();
  await expect(digest.getByText(`Dario Digested${RUN}`).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('digest-mailbox-1366.png'), fullPage: true });
});
