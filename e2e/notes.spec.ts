import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { Page as ListPage, StaffMember } from '@portal/shared/domain';
import { DEMO, DEMO_PASSWORD, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, assign, directorHeaders, idToken, submitApplication } from './support/applications';
import { fitsWidth } from './support/layout';

/**
 * Notes on an application (docs/product.md#notes-on-an-application): the director asks the demo
 * reviewer about an application by name, with the editor's @ autocomplete; the email is in the
 * local mailbox; the reviewer answers on their review screen. A second reviewer who has not
 * submitted their review reads the director's note but not the first reviewer's, until they submit.
 * Screenshots of the panel at 1366 and 390 px in the test's output.
 */

test.describe.configure({ timeout: 180_000 });

const APPLICANT = { firstName: 'Noa', lastName: 'Notesworth' };
const SCORES = { motivation: 3, experience: 2, communication: 3 };

async function shots(page: Page, info: TestInfo, name: string) {
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(page, email, password);
  return page;
}

/** Types `@` and the start of a name into the field, and picks the name the menu offers. */
async function mention(page: Page, field: ReturnType<Page['getByRole']>, start: string, name: string) {
  await field.pressSequentially(`@${start}`);
  const option = page.locator('.ant-mentions-dropdown-menu-item').filter({ hasText: name });
  await expect(option).toBeVisible();
  await option.click();
}

test('a reviewer and the director exchange notes with a mention by email; a reviewer reads others only after their review', async ({
  browser,
  request,
}, info) => {
  // An application reviewed by the demo reviewer (Riley) and a second reviewer (Sam).
  const director = await directorHeaders(request);
  const applicant = await registerVerifiedApplicant(request, uniqueEmail('notes'), undefined, APPLICANT);
  const submitted = await submitApplication(request, applicant, ['bootcamp']);
  const sam = { email: uniqueEmail('second-reviewer'), password: 'second-password-1' };
  await registerVerifiedApplicant(request, sam.email, sam.password, { firstName: 'Sam', lastName: 'Second' });
  const found = await request.get(`/api/admin/users?search=${encodeURIComponent(sam.email)}`, { headers: director });
  const samId = ((await found.json()) as ListPage<StaffMember>).items[0]!.id;
  const promoted = await request.post('/api/admin/users/role', {
    headers: director,
    data: { userIds: [samId], role: 'reviewer' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  for (const id of ['demo-reviewer', samId]) {
    const preferences = await request.put(`/api/users/${id}/preferences`, {
      headers: director,
      data: { roles: ['bootcamp', 'engineer', 'designer'] },
    });
    expect(preferences.status(), await preferences.text()).toBe(200);
  }
  const reviews = await assign(
    request,
    director,
    'review',
    ['demo-reviewer', samId].map((staffId) => ({ responseId: submitted.id, role: 'bootcamp', staffId })),
  );
  const reviewPath = (staffId: string) =>
    `/admin/review/f/${FORM}/${submitted.id}/first/${reviews.find((each) => each.staffId === staffId)!.id}`;

  // The director: an empty panel, then a note naming Riley through the autocomplete.
  const dana = await signedIn(browser, DEMO.director);
  await dana.goto(`/admin/dor/application/${FORM}/${submitted.id}`);
  const danaNotes = dana.getByRole('region', { name: 'Notes' });
  await expect(danaNotes.getByText('No notes yet.')).toBeVisible();
  await shots(dana, info, 'director-empty');
  const danaField = danaNotes.getByRole('textbox', { name: 'Add a note' });
  await danaField.click();
  await danaField.pressSequentially('Strong motivation answer. ');
  await mention(dana, danaField, 'Ril', 'Riley Reviewer');
  await danaField.pressSequentially('could you check the project section?');
  await expect(danaNotes.getByText('Notifies Riley Reviewer by email')).toBeVisible();
  await danaNotes.getByRole('button', { name: 'Add note' }).click();
  const danaNote = danaNotes.getByRole('article', { name: /^Note by Dana Director/ });
  await expect(danaNote).toContainText('@Riley Reviewer could you check the project section?');
  await expect(danaNote).toContainText('Notified Riley Reviewer');

  // The mention is in Riley's mailbox, naming the applicant and quoting the note.
  const riley = await signedIn(browser, DEMO.reviewer);
  await riley.goto(`/mailbox?email=${encodeURIComponent(DEMO.reviewer)}`);
  const inbox = riley.getByRole('region', { name: `Emails to ${DEMO.reviewer}` });
  const email = inbox
    .locator('.ant-card')
    .filter({ hasText: 'Dana Director mentioned you in a note on Noa Notesworth' });
  await expect(email).toBeVisible();
  await email.getByRole('button', { name: 'Open' }).click();
  await expect(email.getByText('could you check the project section?').first()).toBeVisible();
  await riley.screenshot({ path: info.outputPath('mailbox-mention-1366.png'), fullPage: true });

  // Riley answers on the review screen, naming the director.
  await riley.goto(reviewPath('demo-reviewer'));
  const rileyNotes = riley.getByRole('region', { name: 'Notes' });
  await expect(rileyNotes.getByRole('article', { name: /^Note by Dana Director/ })).toBeVisible();
  const rileyField = rileyNotes.getByRole('textbox', { name: 'Add a note' });
  await rileyField.click();
  await rileyField.pressSequentially('Checked it: the project is solid, ');
  await mention(riley, rileyField, 'Dan', 'Dana Director');
  await rileyField.pressSequentially("I'd interview.");
  await rileyNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(rileyNotes.getByRole('article', { name: /^Note by Riley Reviewer/ })).toContainText("I'd interview.");
  await shots(riley, info, 'reviewer-notes');
  await riley.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fitsWidth(riley)).toEqual({ page: true, tables: true });
  await shots(riley, info, 'reviewer-notes');

  // Sam has not submitted: the director's note, not Riley's, and how many wait.
  const second = await signedIn(browser, sam.email, sam.password);
  await second.goto(reviewPath(samId));
  const samNotes = second.getByRole('region', { name: 'Notes' });
  await expect(samNotes.getByRole('article', { name: /^Note by Dana Director/ })).toBeVisible();
  await expect(samNotes.getByRole('article', { name: /^Note by Riley Reviewer/ })).toHaveCount(0);
  await expect(
    samNotes.getByText(
      '1 note by another reviewer shows once you have submitted your review or interview of this application.',
    ),
  ).toBeVisible();
  await shots(second, info, 'second-reviewer-before-review');
  await second.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fitsWidth(second)).toEqual({ page: true, tables: true });
  await shots(second, info, 'second-reviewer-before-review');

  // Once Sam's review is in, Riley's note shows.
  const samToken = await idToken(request, sam.email, sam.password);
  const review = reviews.find((each) => each.staffId === samId)!;
  const submittedReview = await request.post(`/api/admin/assessments/review/${review.id}/submit`, {
    headers: { Authorization: `Bearer ${samToken}` },
    data: { scores: SCORES, comments: '', version: review.version },
  });
  expect(submittedReview.status(), await submittedReview.text()).toBe(200);
  await second.reload();
  await expect(samNotes.getByRole('article', { name: /^Note by Riley Reviewer/ })).toBeVisible();
  await expect(samNotes.getByText(/shows? once you have submitted/)).toHaveCount(0);

  // The director reads both, and Riley's mention in their own mailbox.
  await dana.reload();
  await expect(danaNotes.getByRole('article')).toHaveCount(2);
  await shots(dana, info, 'director-notes');
  await dana.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fitsWidth(dana)).toEqual({ page: true, tables: true });
  await shots(dana, info, 'director-notes');
  await dana.goto(`/mailbox?email=${encodeURIComponent(DEMO.director)}`);
  await expect(
    dana
      .getByRole('region', { name: `Emails to ${DEMO.director}` })
      .locator('.ant-card')
      .filter({ hasText: 'Riley Reviewer mentioned you in a note on Noa Notesworth' }),
  ).toBeVisible();

  for (const page of [dana, riley, second]) await page.close();
});
