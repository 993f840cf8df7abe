import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
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
/** A last name of letters only, new on each run, so the @ menu offers this run's Riley alone. */
const RUN = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
const RILEY = { firstName: 'Riley', lastName: `Notes${RUN}` };
const RILEY_NAME = `${RILEY.firstName} ${RILEY.lastName}`;
const RILEY_NOTE = new RegExp(`^Note by ${RILEY_NAME}`);

async function shots(page: Page, info: TestInfo, name: string) {
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** A new account promoted to reviewer by the director. */
async function newReviewer(
  request: APIRequestContext,
  director: Record<string, string>,
  label: string,
  name: { firstName: string; lastName: string },
) {
  const account = await registerVerifiedApplicant(request, uniqueEmail(label), 'reviewer-password-1', name);
  const found = await request.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`, {
    headers: director,
  });
  const id = ((await found.json()) as ListPage<StaffMember>).items[0]!.id;
  const promoted = await request.post('/api/admin/users/role', {
    headers: director,
    data: { userIds: [id], role: 'reviewer' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { ...account, id };
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
  // An application reviewed by two reviewers of the test's own, Riley and Sam (the demo reviewer's
  // preferences stay unset: other specs open the role dialog it shows first).
  const director = await directorHeaders(request);
  const applicant = await registerVerifiedApplicant(request, uniqueEmail('notes'), undefined, APPLICANT);
  const submitted = await submitApplication(request, applicant, ['bootcamp']);
  const riley = await newReviewer(request, director, 'first-reviewer', RILEY);
  const sam = await newReviewer(request, director, 'second-reviewer', { firstName: 'Sam', lastName: 'Second' });
  const rileyId = riley.id;
  const samId = sam.id;
  for (const id of [rileyId, samId]) {
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
    [rileyId, samId].map((staffId) => ({ responseId: submitted.id, role: 'bootcamp', staffId })),
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
  await mention(dana, danaField, 'Ril', RILEY_NAME);
  await danaField.pressSequentially('could you check the project section?');
  await expect(danaNotes.getByText(`Notifies ${RILEY_NAME} by email`)).toBeVisible();
  await danaNotes.getByRole('button', { name: 'Add note' }).click();
  const danaNote = danaNotes.getByRole('article', { name: /^Note by Dana Director/ });
  await expect(danaNote).toContainText(`@${RILEY_NAME} could you check the project section?`);
  await expect(danaNote).toContainText(`Notified ${RILEY_NAME}`);

  // The mention is in Riley's mailbox, naming the applicant and quoting the note.
  const rileyPage = await signedIn(browser, riley.email, riley.password);
  await rileyPage.goto(`/mailbox?email=${encodeURIComponent(riley.email)}`);
  const inbox = rileyPage.getByRole('region', { name: `Emails to ${riley.email}` });
  const email = inbox
    .locator('.ant-card')
    .filter({ hasText: 'Dana Director mentioned you in a note on Noa Notesworth' });
  await expect(email).toBeVisible();
  await email.getByRole('button', { name: 'Open' }).click();
  await expect(email.getByText('could you check the project section?').first()).toBeVisible();
  await rileyPage.screenshot({ path: info.outputPath('mailbox-mention-1366.png'), fullPage: true });

  // Riley answers on the review screen, naming the director.
  await rileyPage.goto(reviewPath(rileyId));
  const rileyNotes = rileyPage.getByRole('region', { name: 'Notes' });
  await expect(rileyNotes.getByRole('article', { name: /^Note by Dana Director/ })).toBeVisible();
  const rileyField = rileyNotes.getByRole('textbox', { name: 'Add a note' });
  await rileyField.click();
  await rileyField.pressSequentially('Checked it: the project is solid, ');
  await mention(rileyPage, rileyField, 'Dan', 'Dana Director');
  await rileyField.pressSequentially("I'd interview.");
  await rileyNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(rileyNotes.getByRole('article', { name: RILEY_NOTE })).toContainText("I'd interview.");
  await shots(rileyPage, info, 'reviewer-notes');
  await rileyPage.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fitsWidth(rileyPage)).toEqual({ page: true, tables: true });
  await shots(rileyPage, info, 'reviewer-notes');

  // Sam has not submitted: the director's note, not Riley's, and how many wait.
  const second = await signedIn(browser, sam.email, sam.password);
  await second.goto(reviewPath(samId));
  const samNotes = second.getByRole('region', { name: 'Notes' });
  await expect(samNotes.getByRole('article', { name: /^Note by Dana Director/ })).toBeVisible();
  await expect(samNotes.getByRole('article', { name: RILEY_NOTE })).toHaveCount(0);
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
  await expect(samNotes.getByRole('article', { name: RILEY_NOTE })).toBeVisible();
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
      .filter({ hasText: `${RILEY_NAME} mentioned you in a note on Noa Notesworth` }),
  ).toBeVisible();

  for (const page of [dana, rileyPage, second]) await page.close();
});
