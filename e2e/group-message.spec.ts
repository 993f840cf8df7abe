import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, directorHeaders, submitApplication } from './support/applications';

/**
 * A message to a group (docs/product.md#a-message-to-a-group): the director narrows the dashboard
 * to a few applicants by search, picks the waitlisted among them in the dialog, previews the
 * message filled in for two of them with the count, sends it, and each finds one message in the
 * local mailbox; the accepted one none. (One message per person however many of their roles the group
 * holds is the API tests' business.) Screenshots of the dialog at 1366
 * and 390 px in the test's output.
 */

test.describe.configure({ timeout: 240_000 });

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
  await dialog.getByRole('combobox', { name: 'Decision' }).click();
  await page.getByTitle('Waitlisted').click();
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

  // A second send within the minute is refused, with the reason in the dialog.
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await page.getByRole('button', { name: 'Message this group…' }).click();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Again');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Again');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: /^Send to \d+ applicants$/ }).click();
  await expect(dialog.getByText(/was sent less than a minute ago; try again in \d+ seconds?/)).toBeVisible();
});
