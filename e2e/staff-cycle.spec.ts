import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { StaffApplication } from '@portal/shared/domain';
import { FORM, idToken, submitApplication } from './support/applications';
import { prefersReducedMotion } from './support/motion';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { fitsWidth } from './support/layout';
import { ownPortal } from './support/own-portal';
import { confirmPopconfirm } from './support/popconfirm';
import { chooseOption } from './support/select';
import { releaseDecisions } from './support/submit';
import { CYCLE_TEST_AUTH_EMULATOR_PORT, CYCLE_TEST_FIRESTORE_EMULATOR_PORT, CYCLE_TEST_PORT } from './support/ports';
import { downloadUploadedFile, openUploadedFile } from './support/uploaded-files';

// With motion, as most users have it: the other specs ask for reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/**
 * A whole recruitment cycle as a chapter runs it, on a runtime of its own (so the dashboard holds
 * exactly this cycle's application and releasing decisions is not blocked by other tests' data).
 */
const portal = ownPortal({
  port: CYCLE_TEST_PORT,
  authEmulatorPort: CYCLE_TEST_AUTH_EMULATOR_PORT,
  firestoreEmulatorPort: CYCLE_TEST_FIRESTORE_EMULATOR_PORT,
  timeout: 240_000,
});

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: portal().url });
  const page = await context.newPage();
  await logIn(page, email, password);
  expect(await prefersReducedMotion(page), 'the staff cycle runs with motion').toBe(false);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/staff-cycle/${name}.png`, fullPage: true });

/** Screenshots at a laptop's width and a phone's, then back to the page's own size. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}

test('a whole cycle: auto-assign, review, qualify, interview, decide, release, accept', async ({ browser, page }) => {
  // An applicant applies for Bootcamp and submits.
  const applicant = await registerVerifiedApplicant(page.request, uniqueEmail('cycle'));
  const submitted = await submitApplication(page.request, applicant, ['bootcamp']);
  const dashboard = `/admin/dor/dashboard/${FORM}`;

  // The director auto-assigns two reviewers, after a preview.
  const director = await signedIn(browser, DEMO.director);
  await director.goto(`${dashboard}/all`);
  await expect(director.getByRole('heading', { name: 'Super Reviewer Dashboard' })).toBeVisible();
  await expect(director.getByText('1 role application', { exact: true })).toBeVisible();
  const row = director.getByRole('row', { name: /Test Applicant/ });
  await expect(row.getByRole('link', { name: '0/0' })).toBeVisible();
  await director.getByRole('button', { name: 'Auto-assign' }).click();
  const autoAssign = director.getByRole('dialog', { name: 'Auto-assign reviewers' });
  await expect(autoAssign.getByLabel('Reviewers per application')).toHaveValue('2');
  // The pool is the reviewers; the director, a super-reviewer, joins it only when ticked.
  const directorInPool = autoAssign.getByRole('checkbox', { name: 'Dana Director (super-reviewer)' });
  await expect(directorInPool).not.toBeChecked();
  await directorInPool.check();
  // Preview is only a read: asked again if a click while the dialog still zooms in missed it.
  await expect(async () => {
    await autoAssign.getByRole('button', { name: 'Preview' }).click({ timeout: 2_000 });
    await expect(autoAssign.getByRole('row', { name: /Test Applicant.*Bootcamp.*Riley Reviewer/ })).toBeVisible({
      timeout: 8_000,
    });
  }).toPass({ timeout: 40_000 });
  await expect(autoAssign.getByRole('row', { name: /Test Applicant.*Bootcamp.*Dana Director/ })).toBeVisible();
  await expect(autoAssign.getByRole('row', { name: 'Riley Reviewer 0 → 1' })).toBeVisible();
  await shot(director, 'auto-assign-preview');
  await autoAssign.getByRole('button', { name: 'Assign 2 reviews' }).click();
  await expect(director.getByText('2 reviews assigned.')).toBeVisible();
  await expect(row.getByRole('link', { name: '0/2' })).toBeVisible();

  // The reviewer must choose role preferences first, then scores the application and submits.
  const reviewer = await signedIn(browser, DEMO.reviewer);
  await reviewer.goto('/admin');
  const preferences = reviewer.getByRole('dialog', { name: 'Choose the roles you will review' });
  await expect(
    preferences.getByText('All reviewers must review Bootcamp applications. Select at least 3 roles!'),
  ).toBeVisible();
  await expect(preferences.getByRole('checkbox', { name: /Bootcamp/ })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: /Bootcamp/ })).toBeDisabled();
  const submit = preferences.getByRole('button', { name: 'Submit' });
  await preferences.getByRole('checkbox', { name: /Engineer/ }).check();
  await expect(submit).toBeDisabled();
  await preferences.getByRole('checkbox', { name: /Designer/ }).check();
  await shot(reviewer, 'preferences');
  await submit.click();
  await expect(reviewer.getByText('Successfully updated role preferences!')).toBeVisible();
  await expect(preferences).toBeHidden();

  await reviewer.getByRole('link', { name: /^Reviewer dashboard/ }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/admin/reviewer/dashboard/${FORM}/apps$`));
  const assigned = reviewer.getByRole('row', { name: /Test Applicant/ });
  await expect(assigned.getByText('Not started')).toBeVisible();
  await shot(reviewer, 'reviewer-dashboard');
  await assigned.getByRole('link', { name: 'Open' }).click();
  await expect(reviewer.getByRole('heading', { name: /^Review/ })).toBeVisible();
  // Sections hidden from reviewers (About You: the name) are left out; the resume, shown to reviewers, is there to open.
  await expect(reviewer.getByText('What name do you go by?')).toHaveCount(0);
  await openUploadedFile(reviewer, 'resume.pdf');
  const submitReview = reviewer.getByRole('button', { name: 'Submit review' });
  await reviewer
    .getByRole('radiogroup', { name: 'Motivation for social impact' })
    .getByText('4', { exact: true })
    .click();
  await reviewer.getByRole('radiogroup', { name: 'Relevant experience' }).getByText('2', { exact: true }).click();
  await expect(submitReview).toBeDisabled();
  await reviewer.getByRole('radiogroup', { name: 'Clear communication' }).getByText('3', { exact: true }).click();
  await reviewer.getByRole('textbox', { name: 'Comments' }).fill('Clear motivation; little experience yet.');
  await expect(reviewer.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  await shot(reviewer, 'review-screen');
  await submitReview.click();
  await expect(reviewer.getByText('Review submitted.')).toBeVisible();
  await expect(reviewer).toHaveURL(new RegExp(`/admin/reviewer/dashboard/${FORM}/apps$`));
  await expect(assigned.getByText('Submitted')).toBeVisible();

  // The director sees the average score (weights 2, 1, 1: (2*4 + 2 + 3) / 4 = 3.25), qualifies, assigns an interview.
  await director.reload();
  await expect(row.getByRole('link', { name: '1/2' })).toBeVisible();
  // The raw and the calibrated score (one reviewer so far: calibration leaves it as it is).
  await expect(row.getByText('3.25')).toHaveCount(2);
  await shots(director, 'all-tab');
  // The reviews page: scores under the rubric's prompts, and the reviewer's comments.
  await director.goto(`/admin/dor/reviews/${submitted.id}`);
  await expect(director.getByText('Motivation for social impact: 4')).toBeVisible();
  await expect(director.getByText('Clear motivation; little experience yet.')).toBeVisible();
  await shots(director, 'reviews-page');
  await director.goto(`${dashboard}/all`);
  await row.getByRole('switch', { name: 'Qualified' }).click();
  await expect(row.getByRole('switch', { name: 'Qualified' })).toBeChecked();
  await director.getByText('Qualified', { exact: true }).first().click();
  await expect(director).toHaveURL(new RegExp(`${dashboard}/qualified`));
  const qualified = director.getByRole('row', { name: /Test Applicant/ });
  // Motion is on here: a click on the option while the dropdown still opens does nothing, and chooseOption tries again.
  await chooseOption(qualified.getByRole('combobox', { name: 'Interviewer' }), 'Riley Reviewer');
  await qualified.getByRole('button', { name: 'Assign' }).click();
  await expect(director.getByText('Interviewer assigned.')).toBeVisible();
  await expect(qualified.getByRole('link', { name: '0/1' })).toBeVisible();

  // The interviewer scores the interview.
  await reviewer.getByText('Interviews', { exact: true }).click();
  const interview = reviewer.getByRole('row', { name: /Test Applicant/ });
  await interview.getByRole('link', { name: 'Open' }).click();
  await expect(reviewer.getByRole('heading', { name: /^Interview/ })).toBeVisible();
  await reviewer.getByRole('radiogroup', { name: 'Teamwork' }).getByText('3', { exact: true }).click();
  await reviewer.getByRole('radiogroup', { name: 'Problem solving' }).getByText('4', { exact: true }).click();
  await reviewer.getByRole('textbox', { name: 'Interview notes' }).fill('Thoughtful answers.');
  await reviewer.getByRole('button', { name: 'Submit interview' }).click();
  await expect(reviewer.getByText('Interview submitted.')).toBeVisible();

  // Releasing is refused while the application is undecided; then the director decides and releases.
  await director.reload();
  await expect(qualified.getByRole('link', { name: '1/1' })).toBeVisible();
  await expect(qualified.getByText('3.50')).toBeVisible();
  await releaseDecisions(director);
  await expect(
    director.getByText('Decisions cannot be released while 1 role application from 1 applicant is undecided'),
  ).toBeVisible();
  await shot(director, 'qualified-tab');
  // The refusal links to exactly the undecided rows, on the All tab, where they can be decided too.
  await director.getByRole('link', { name: 'Show the undecided applications' }).click();
  await expect(director).toHaveURL(new RegExp(`${dashboard}/all\\?filter=undecided$`));
  await expect(director.getByText('1 undecided role application', { exact: true })).toBeVisible();
  await shots(director, 'release-guard');
  // Decided, the row leaves the Undecided list: the toast is what shows the choice was made.
  await chooseOption(
    row.getByRole('combobox', { name: 'Decision' }),
    'Accepted',
    director.getByText('Decision saved.'),
  );
  await expect(director.getByText('Every application has a decision.')).toBeVisible();
  // Before releasing, the director previews the letter the applicant will read (from the row, on every row's list).
  await director.goto(`${dashboard}/all`);
  await row.getByRole('button', { name: /Preview letter/ }).click();
  const preview = director.getByRole('dialog');
  await expect(preview.getByText('Letter to Test Applicant · Bootcamp')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Welcome to Bootcamp, Test!' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Bootcamp guide' })).toHaveAttribute('target', '_blank');
  await shots(director, 'letter-preview');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toBeHidden();
  await releaseDecisions(director);
  await expect(director.getByText('Decisions released.')).toBeVisible();

  // Released: the dashboards are read-only, and say so.
  await director.goto(`${dashboard}/all`);
  await expect(director.getByText(/^Decisions have been released: /)).toBeVisible();
  await expect(director.getByRole('button', { name: 'Decisions released' })).toBeDisabled();
  await expect(row.getByRole('switch', { name: 'Qualified' })).toBeDisabled();
  await expect(row.getByRole('combobox', { name: 'Decision' })).toBeDisabled();
  await expect(director.getByRole('button', { name: 'Auto-assign' })).toBeDisabled();
  await shots(director, 'released-all-tab');

  // The applicant reads the decision and accepts.
  const applicantPage = await signedIn(browser, applicant.email, applicant.password);
  await applicantPage.goto('/apply/status');
  await applicantPage.getByRole('link', { name: 'See your decision' }).click();
  await expect(applicantPage).toHaveURL(new RegExp(`/apply/decision/${submitted.id}/bootcamp$`));
  await expect(applicantPage.getByText('Accepted').first()).toBeVisible();
  // The form's letter for an accepted Bootcamp applicant, filled in and rendered from markdown.
  const letter = applicantPage.getByRole('main');
  await expect(letter.getByRole('heading', { name: 'Welcome to Bootcamp, Test!' })).toBeVisible();
  await expect(letter.getByText('Bootcamp', { exact: true }).and(letter.locator('strong'))).toBeVisible();
  await expect(letter.getByText(/for Demo Semester\./)).toBeVisible();
  await expect(letter.getByRole('listitem')).toHaveCount(3);
  const guide = letter.getByRole('link', { name: 'Bootcamp guide' });
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(guide).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(letter.getByText(/\{firstName\}|\*\*/)).toHaveCount(0);
  await shots(applicantPage, 'decision-letter');
  // Accepting is final, so it is confirmed first.
  await confirmPopconfirm(
    applicantPage.getByRole('button', { name: 'Accept offer' }),
    'Yes, accept',
    applicantPage.getByRole('main').getByText('You accepted the Bootcamp offer. Welcome to the team!'),
  );

  // The director sees the reply: the Offer column and the counts per role.
  await director.goto(`${dashboard}/qualified`);
  await expect(qualified.getByText('Offer accepted')).toBeVisible();
  await expect(
    director.getByRole('region', { name: 'Offers' }).getByRole('row', { name: /Bootcamp\s*1\s*1\s*0\s*0/ }),
  ).toBeVisible();
  await shots(director, 'offers');
});

test("a reviewer opening a review that is not theirs is refused; an applicant is kept out of the director's pages", async ({
  browser,
  page,
}) => {
  const token = await idToken(page.request, DEMO.director, 'demo-password-123');
  const rows = await page.request.get(`/api/admin/forms/${FORM}/rows?tab=all`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = ((await rows.json()) as { items: { responseId: string }[] }).items;
  const application = await page.request.get(`/api/admin/responses/${first!.responseId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { rows: appRows } = (await application.json()) as StaffApplication;
  const directorsReview = appRows[0]!.reviews.find((ref) => ref.staffId === 'demo-director')!;

  const reviewer = await signedIn(browser, DEMO.reviewer);
  await reviewer.goto(`/admin/review/f/${FORM}/${first!.responseId}/motivation/${directorsReview.assessmentId}`);
  await expect(reviewer.getByText('This application is not assigned to you')).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Submit review' })).toHaveCount(0);
  await shot(reviewer, 'not-yours');

  const applicant = await signedIn(browser, DEMO.applicant);
  await applicant.goto('/admin/dor/users');
  await expect(applicant).toHaveURL(/\/apply$/);
});

test("the director's other pages: reviewers, the application, users and forms", async ({ browser }) => {
  const director = await signedIn(browser, DEMO.director);
  await director.goto(`/admin/dor/dashboard/${FORM}/reviewers`);
  const riley = director.getByRole('row', { name: /Riley Reviewer/ });
  await expect(riley.getByText('Engineer')).toBeVisible();
  await shot(director, 'reviewers-tab');

  await director.goto(`/admin/dor/dashboard/${FORM}/all`);
  await director.getByRole('link', { name: 'Test Applicant' }).click();
  await expect(director.getByRole('heading', { name: 'Test Applicant' })).toBeVisible();
  await expect(director.getByText('What name do you go by?')).toBeVisible();
  // Only the sections of the roles applied for (Bootcamp): not Engineering's.
  await expect(director.getByText('Tell us about a project you built.')).toHaveCount(0);
  await shot(director, 'application-page');

  await director.goto('/admin/dor/users');
  await director.getByRole('searchbox', { name: 'Search users' }).fill('riley');
  await expect(director.getByRole('row', { name: /Riley Reviewer/ })).toBeVisible();
  await expect(director.getByRole('row', { name: /Dana Director/ })).toHaveCount(0);
  await shot(director, 'users-page');

  await director.goto('/admin/dor/forms');
  await expect(director.getByRole('row', { name: /Demo Semester/ }).getByText('Active', { exact: true })).toBeVisible();
  const definition = director.getByRole('textbox', { name: 'Form definition (JSON)' });
  await definition.fill('{ not json');
  await director.getByRole('button', { name: 'Validate and save' }).click();
  await expect(director.getByText(/^This is not valid JSON/)).toBeVisible();
  await definition.fill(
    JSON.stringify({
      id: 'fall-draft',
      semester: 'Fall Draft',
      isActive: false,
      decisionsReleased: false,
      dueDate: '2027-01-01T00:00:00.000Z',
      sections: [
        { sectionId: 'one', sectionName: 'One', questions: [] },
        { sectionId: 'one', sectionName: 'Again', questions: [] },
      ],
    }),
  );
  await director.getByRole('button', { name: 'Validate and save' }).click();
  await expect(director.getByText(/^sections\.1\.sectionId: /)).toBeVisible();
  await shot(director, 'forms-page');
});

test('staff open and download the resume; the dashboards and the audit log fit a laptop screen', async ({
  browser,
}) => {
  const director = await signedIn(browser, DEMO.director);
  await director.setViewportSize({ width: 1366, height: 900 });
  for (const tab of ['all', 'qualified']) {
    await director.goto(`/admin/dor/dashboard/${FORM}/${tab}`);
    await expect(director.getByRole('link', { name: 'Test Applicant' })).toBeVisible();
    await expect.poll(async () => ({ tab, ...(await fitsWidth(director)) })).toEqual({ tab, page: true, tables: true });
    // On a phone the table scrolls inside its frame; the page itself never does.
    await director.setViewportSize({ width: 390, height: 900 });
    await expect.poll(async () => ({ tab, page: (await fitsWidth(director)).page })).toEqual({ tab, page: true });
    await director.setViewportSize({ width: 1366, height: 900 });
    await shots(director, `dashboard-${tab}`);
  }
  await director.goto('/admin/dor/audit');
  await expect(director.getByRole('cell', { name: /Test Applicant · Bootcamp/ }).first()).toBeVisible();
  await expect(director.getByText(/^Decision: .* → Accepted$/).first()).toBeVisible();
  await expect.poll(() => fitsWidth(director)).toEqual({ page: true, tables: true });
  await shots(director, 'audit-log');

  await director.goto(`/admin/dor/dashboard/${FORM}/all`);
  await director.getByRole('link', { name: 'Test Applicant' }).click();
  await openUploadedFile(director, 'resume.pdf');
  await downloadUploadedFile(director, 'resume.pdf');
  await shots(director, 'application-resume');
});
