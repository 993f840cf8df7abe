import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, directorHeaders, submitApplication } from './support/applications';
import { ownPortal } from './support/own-portal';
import { GROUP_MESSAGE_TEST_AUTH_EMULATOR_PORT, GROUP_MESSAGE_TEST_PORT } from './support/ports';
import { chooseOption } from './support/select';

/**
 * A message to a group (docs/product.md#a-message-to-a-group): the director narrows the dashboard
 * to a few applicants by search, picks the waitlisted among them in the dialog, previews the
 * message filled in for two of them with the count, sends it, and each finds one message in the
 * local mailbox; the accepted one none. Then the applicants with a draft not submitted (they have
 * no row), chosen by the dialog's Recipients: previewed, refused within the minute of the first
 * send, sent after it, and in each drafter's mailbox. (One message per person however many of
 * their roles the group holds is the API tests' business.) Screenshots of the dialog at 1366 and
 * 390 px in the test's output.
 */

// On a runtime of its own: the test moves the server's clock (docs/decisions/local-clock.md) past
// the minute rather than waiting it out, and no other test shares that clock.
ownPortal({ port: GROUP_MESSAGE_TEST_PORT, authEmulatorPort: GROUP_MESSAGE_TEST_AUTH_EMULATOR_PORT, timeout: 240_000 });

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

test('the director messages the waitlisted of a view: preview for two, the count, one email each in the mailbox', async ({
  browser,
  request,
}, info) => {
  const director = await directorHeaders(request);
  const people = [
    { firstName: 'Gina', lastName: 'Groupwell', roles: ['bootcamp'] as const, decision: 'waitlist' },
    { firstName: 'Hal', lastName: 'Groupwell', roles: ['bootcamp'] as const, decision: 'waitlist' },
    { firstName: 'Ivy', lastName: 'Groupwell', roles: ['bootcamp'] as const, decision: 'accepted' },
  ];
  const emails: string[] = [];
  for (const person of people) {
    const email = uniqueEmail(person.firstName.toLowerCase());
    emails.push(email);
    const { firstName, lastName } = person;
    const account = await registerVerifiedApplicant(request, email, undefined, { firstName, lastName });
    const submitted = await submitApplication(request, account, [...person.roles]);
    for (const role of person.roles) {
      const decided = await request.put(`/api/admin/rows/${submitted.id}/${role}/decision`, {
        headers: director,
        data: { decision: person.decision },
      });
      expect(decided.status(), await decided.text()).toBe(200);
    }
  }

  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await page.getByRole('searchbox', { name: 'Search applicants' }).fill('Groupwell');
  await expect(page.getByRole('link', { name: 'Ivy Groupwell' })).toBeVisible();
  await page.getByRole('button', { name: 'Message this group…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message this group' });
  await expect(dialog).toContainText('All applications · matching “Groupwell”');
  await chooseOption(dialog.getByRole('combobox', { name: 'Decision' }), 'Waitlisted');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Waitlist update for {firstName}');
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Hi {firstName},\n\nYou are still on our waitlist for **{role}** in {semester}. We will write again soon.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('This message reaches 2 applicants.')).toBeVisible();
  await expect(dialog.getByText('To Gina Groupwell')).toBeVisible();
  await expect(dialog.getByText('Waitlist update for Gina')).toBeVisible();
  await expect(dialog.getByText('Bootcamp').first()).toBeVisible();
  await expect(dialog.getByText('To Hal Groupwell')).toBeVisible();
  await shot(page, info, 'group-message-preview');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, info, 'group-message-preview');
  // The dialog scrolls on a phone: its buttons at the end, on screen and whole.
  await dialog.getByRole('button', { name: 'Send to 2 applicants' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('group-message-buttons-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });

  await dialog.getByRole('button', { name: 'Send to 2 applicants' }).click();
  await expect(page.getByText('Message queued for 2 applicants.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Each waitlisted applicant has one message; the accepted one none.
  for (const [index, name] of ['Gina', 'Hal'].entries()) {
    await page.goto(`/mailbox?email=${encodeURIComponent(emails[index]!)}`);
    const inbox = page.getByRole('region', { name: `Emails to ${emails[index]}` });
    const message = inbox.locator('.ant-card').filter({ hasText: `Waitlist update for ${name}` });
    await expect(message).toHaveCount(1);
    await message.getByRole('button', { name: 'Open' }).click();
    await expect(message.getByText('You are still on our waitlist for').first()).toBeVisible();
    if (name === 'Gina') await shot(page, info, 'group-message-mailbox');
  }
  await page.goto(`/mailbox?email=${encodeURIComponent(emails[2]!)}`);
  const ivy = page.getByRole('region', { name: `Emails to ${emails[2]}` });
  await expect(ivy.getByText('We received your application')).toBeVisible();
  await expect(ivy.getByText(/Waitlist update/)).toHaveCount(0);

  // The applicants with a draft not submitted have no row: the dialog's Recipients reaches them,
  // narrowed to a role. A second send within the minute is refused, with the reason in the dialog;
  // once the server's clock has moved past the minute, the same send goes.
  const drafters = [
    { firstName: 'Jo', email: uniqueEmail('jo') },
    { firstName: 'Kit', email: uniqueEmail('kit') },
  ];
  for (const drafter of drafters) {
    const account = await registerVerifiedApplicant(request, drafter.email, undefined, {
      firstName: drafter.firstName,
      lastName: 'Draftwell',
    });
    await submitApplication(request, account, ['engineer'], { submit: false });
  }
  // Other specs of the run leave drafts on this form too: the count is the API's.
  const group = { tab: 'all', recipients: 'drafts', role: 'engineer' };
  const counted = await request.post(`/api/admin/forms/${FORM}/group-message/preview`, {
    headers: director,
    data: { group, subject: 'x', body: 'x' },
  });
  expect(counted.status(), await counted.text()).toBe(200);
  const { recipients } = (await counted.json()) as { recipients: number };
  expect(recipients).toBeGreaterThanOrEqual(2);
  const reach = `${recipients} applicants`;

  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await page.getByRole('button', { name: 'Message this group…' }).click();
  await chooseOption(dialog.getByRole('combobox', { name: 'Recipients' }), 'Applicants with a draft not submitted');
  await expect(dialog).toContainText('have not submitted it');
  await expect(dialog.getByRole('combobox', { name: 'Decision' })).toHaveCount(0);
  await chooseOption(dialog.getByRole('combobox', { name: 'Role' }), 'Engineer');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Your {role} application is waiting, {firstName}');
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Hi {firstName},\n\nYour draft is saved: **submit it** soon.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(`This message reaches ${reach}.`)).toBeVisible();
  // Two of them, filled in: their names, their role, no placeholder left.
  const samples = dialog.locator('.ant-card');
  await expect(samples).toHaveCount(2);
  for (const sample of await samples.all()) {
    await expect(sample.getByText(/^To \S/)).toBeVisible();
    await expect(sample.getByText(/Your Engineer application is waiting, \S+$/)).toBeVisible();
    await expect(sample.locator('strong', { hasText: 'submit it' })).toBeVisible();
    await expect(sample).not.toContainText('{');
  }
  await shot(page, info, 'group-message-drafts');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, info, 'group-message-drafts');
  await page.setViewportSize({ width: 1366, height: 900 });

  const sendDrafts = dialog.getByRole('button', { name: `Send to ${reach}` });
  await sendDrafts.click();
  const tooSoon = dialog.getByText(/was sent less than a minute ago; try again in \d+ seconds?/);
  await expect(tooSoon).toBeVisible();
  const seconds = Number(/try again in (\d+)/.exec((await tooSoon.textContent()) ?? '')![1]);
  const moved = await request.post('/local/clock', { data: { advanceMs: (seconds + 1) * 1000 } });
  expect(moved.status(), await moved.text()).toBe(200);
  await sendDrafts.click();
  await expect(page.getByText(`Message queued for ${reach}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Each drafter has the message, filled in with their name.
  for (const drafter of drafters) {
    await page.goto(`/mailbox?email=${encodeURIComponent(drafter.email)}`);
    const inbox = page.getByRole('region', { name: `Emails to ${drafter.email}` });
    await expect(
      inbox.locator('.ant-card').filter({ hasText: `Your Engineer application is waiting, ${drafter.firstName}` }),
    ).toHaveCount(1);
  }
  await page.close();
});
