import { mkdirSync } from 'node:fs';
import { releaseDecisions, submitFromReview } from './support/submit';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  FORM_REVISION_MESSAGES,
  TEAM_ROLES,
  visibleSections,
  withAnswer,
  type Answer,
  type ApplicationResponse,
  type Question,
} from '@portal/shared/domain';
import { DEMO, DEMO_PASSWORD, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { assign, directorHeaders, idToken } from './support/applications';
import { expectAccessible } from './support/axe';
import { fitsWidth } from './support/layout';
import { chapterForm, CHAPTER_FORM_ID, countQuestions } from '../functions/src/testing/long-form';
import { ownPortal } from './support/own-portal';
import { makePdf } from './support/pdf';
import { BUILDER_TEST_AUTH_EMULATOR_PORT, BUILDER_TEST_PORT } from './support/ports';

/**
 * The form builder end to end (docs/product.md#forms-page-and-form-builder): a chapter-scale form
 * (15 sections, 64 questions, markdown everywhere, per-role sections, letters) goes from the
 * builder to an applicant, reviews, decisions, release and the applicant reading their letter, on a
 * runtime of its own.
 */
const portal = ownPortal({
  port: BUILDER_TEST_PORT,
  authEmulatorPort: BUILDER_TEST_AUTH_EMULATOR_PORT,
  timeout: 120_000,
});

const SHOTS = 'test-results/form-builder';
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at a laptop's width and a phone's (the screen, or with `fullPage` the whole page), then back to the laptop. */
async function shots(page: Page, name: string, options: { fullPage?: boolean; onPhone?: () => Promise<void> } = {}) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390) await options.onPhone?.();
    if (!options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: options.fullPage ?? false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ baseURL: portal().url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, email, password);
  return page;
}

const QUESTION = 'Which club event did you enjoy most?';

/** An answer that passes every rule of the question (word limits, options). */
function answerFor(question: Question, roles: string[], resumeId: string): Answer {
  switch (question.questionType) {
    case 'short-answer':
      return 'Yes';
    case 'long-answer':
      return 'I enjoy building useful things with other people.';
    case 'multiple-choice':
      return question.options[0]!;
    case 'multiple-select':
      return [question.options[0]!];
    case 'role-select':
      return roles;
    case 'file-upload':
      return resumeId;
  }
}

test("a new form's problems read as the API words them: zod's English messages in the browser too", async ({
  browser,
}) => {
  const director = await signedIn(browser, DEMO.director);
  await director.goto('/admin/dor/forms');
  await director.getByRole('button', { name: 'Create a form' }).click();
  await expect(director.getByRole('heading', { name: 'New form' })).toBeVisible();
  await director.getByRole('button', { name: 'Save form' }).click();
  const problems = director.getByRole('alert').filter({ hasText: /to fix before saving/ });
  // A field left empty says so, not "Invalid input: expected string, received undefined".
  await expect(problems).toContainText('Semester: Required');
  await expect(problems).not.toContainText('received undefined');
  // The browser's zod is the shell's facade of zod's mini API, which has no messages of its own:
  // without the English ones it loads, this would read "Invalid input" and no more.
  await director.getByRole('tab', { name: 'Form' }).click();
  await director.getByRole('textbox', { name: 'Semester' }).fill('x'.repeat(101));
  await expect(problems).toContainText('Semester: Too big: expected string to have <=100 characters');
  await director.context().close();
});

test('a section of text alone (a welcome, no questions) saves from the builder', async ({ browser }) => {
  const definition = {
    id: 'welcome-text',
    semester: 'Welcome Text Term',
    dueDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    sections: [
      { sectionId: 'welcome', sectionName: 'Welcome', description: 'Read **this** before you start.', questions: [] },
      {
        sectionId: 'about',
        sectionName: 'About you',
        questions: [
          { questionId: 'roles', questionType: 'role-select', questionText: 'Which roles?' },
          { questionId: 'name', questionType: 'short-answer', questionText: 'Your name?' },
        ],
      },
    ],
    reviewRubrics: [{ rubricId: 'all', roles: [...TEAM_ROLES], criteria: [{ key: 'overall', prompt: 'Overall' }] }],
    interviewRubrics: [],
  };
  const director = await signedIn(browser, DEMO.director);
  await director.goto('/admin/dor/forms');
  await director.getByRole('button', { name: 'Create a form' }).click();
  await director.getByRole('button', { name: 'Import JSON' }).click();
  const importer = director.getByRole('dialog', { name: 'Import a form (JSON)' });
  await importer.getByRole('textbox', { name: 'Form definition (JSON) to import' }).fill(JSON.stringify(definition));
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer).toBeHidden();
  const preview = director.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong', { hasText: 'this' })).toBeVisible();
  // The preview shows what applicants read: the text, and no "No questions yet." under it; the
  // builder says a section without questions is one applicants read.
  await expect(preview.getByText('No questions yet.')).toHaveCount(0);
  await director.getByRole('tab', { name: 'Sections (2)' }).click();
  await expect(
    director.getByText("No questions: applicants read this section's text and move on.", { exact: false }),
  ).toBeVisible();
  await director.getByRole('button', { name: 'Save form' }).click();
  // Until the fix the builder dropped the empty question list and refused: "Section 1 › Questions: Required".
  await expect(director.getByText('Welcome Text Term saved.')).toBeVisible();
  const headers = await directorHeaders(director.request);
  const stored = await director.request.get('/api/forms/welcome-text', { headers });
  expect(((await stored.json()) as typeof definition).sections[0]!.questions).toEqual([]);
  await director.context().close();
});

test('a chapter form goes from the builder to an applicant, reviews, decisions, release and their letter', async ({
  browser,
}) => {
  const form = chapterForm(new Date(Date.now() + 30 * 24 * 3600 * 1000));
  expect(form.sections.length).toBeGreaterThanOrEqual(10);
  expect(countQuestions(form)).toBeGreaterThanOrEqual(60);
  const { isActive: _active, decisionsReleased: _released, ...definition } = form;

  // The director imports the chapter's JSON into the builder.
  const director = await signedIn(browser, DEMO.director);
  await director.goto('/admin/dor/forms');
  await director.getByRole('button', { name: 'Create a form' }).click();
  await expect(director.getByRole('heading', { name: 'New form' })).toBeVisible();
  await director.getByRole('button', { name: 'Import JSON' }).click();
  const importer = director.getByRole('dialog', { name: 'Import a form (JSON)' });
  await importer.getByLabel('Form file (JSON)').setInputFiles({
    name: 'chapter.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(definition)),
  });
  await expect(importer.getByRole('textbox', { name: 'Form definition (JSON) to import' })).not.toBeEmpty();
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer).toBeHidden();
  await expect(director.getByRole('tab', { name: 'Sections (15)' })).toBeVisible();

  // The live preview renders the markdown of the form and of its first section.
  const preview = director.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'About our teams' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'nonprofits' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'recruiting FAQ' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(preview.locator('strong', { hasText: 'Basic Info.' })).toBeVisible();
  await expect(preview.getByText('**')).toHaveCount(0);

  // One edit by hand: a new optional question with markdown help, seen in the preview at once.
  await director.getByRole('button', { name: 'Add a question' }).first().click();
  await director.getByRole('menuitem', { name: 'Short answer' }).click();
  const added = director.getByRole('group', { name: /^Question 7 of Basic Info$/ });
  await added.getByLabel('Question', { exact: true }).fill(QUESTION);
  await expect(added.getByLabel('Question id')).toHaveValue('which-club-event-did-you-enjoy-most');
  await added.getByLabel('Help text (optional)').fill('**Any** event counts, even a _small_ one.');
  await added.getByRole('checkbox', { name: 'Optional' }).check();
  await expect(preview.getByText(QUESTION)).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'Any' })).toBeVisible();
  await expectAccessible(director, 'form builder with its preview');
  // On a phone each section's title wraps beside its move and delete buttons ("8. Teamwork and
  // Leadership · 5 questions"): nothing is pushed off the screen.
  await director.getByRole('tab', { name: 'Sections (15)' }).click();
  await director.setViewportSize({ width: 390, height: 900 });
  await expect(director.getByRole('button', { name: /^Delete section 8 / })).toBeVisible();
  await expect.poll(async () => (await fitsWidth(director)).page).toBe(true);
  await director.setViewportSize({ width: 1280, height: 900 });
  await shots(director, 'builder');
  await shots(director, 'preview', { onPhone: () => director.getByRole('tab', { name: 'Preview' }).click() });
  // The preview for a role shows that role's sections.
  await preview.getByRole('checkbox', { name: /Engineer/ }).check();
  await preview.getByRole('combobox', { name: 'Section shown' }).click();
  await expect(director.locator('.ant-select-item-option', { hasText: 'Engineering' })).toBeVisible();
  await director.keyboard.press('Escape');
  await director.getByRole('tab', { name: 'Letters' }).click();
  await expect(
    director.getByRole('region', { name: /How applicants read the accepted letter for bootcamp/ }),
  ).toContainText('Welcome to Bootcamp, Alex!');
  await shots(director, 'letters', { fullPage: true });

  await director.getByRole('button', { name: 'Save form' }).click();
  await expect(director.getByText('Fall Chapter saved.')).toBeVisible();
  await expect(director).toHaveURL(new RegExp(`/admin/dor/forms/${CHAPTER_FORM_ID}/edit$`));
  await director.goto('/admin/dor/forms');
  await director.getByRole('button', { name: 'Make Fall Chapter active' }).click();
  // It asks first, naming the live form it turns off.
  const activation = director.getByRole('dialog', { name: 'Make Fall Chapter the active form?' });
  await expect(activation.getByText(/becomes inactive: no one can start a new application to it/)).toBeVisible();
  await activation.getByRole('button', { name: 'Make active' }).click();
  await expect(director.getByText('Fall Chapter is now the active form.')).toBeVisible();

  // An applicant (Bootcamp and Engineer) answers through the API, reads the rendered form, and submits in the browser.
  const account = await registerVerifiedApplicant(director.request, uniqueEmail('builder'));
  const headers = { Authorization: `Bearer ${await idToken(director.request, account.email, account.password)}` };
  const started = await director.request.post('/api/responses', { headers, data: { formId: CHAPTER_FORM_ID } });
  expect(started.ok(), await started.text()).toBe(true);
  let response = (await started.json()) as ApplicationResponse;
  const upload = await director.request.post(`/api/files/${response.id}/resume`, {
    headers: { ...headers, 'Content-Type': 'application/pdf', 'X-File-Name': 'resume.pdf' },
    data: makePdf(4096),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const resumeId = ((await upload.json()) as { id: string }).id;
  const roles = ['bootcamp', 'engineer'];
  const stored = (await (
    await director.request.get(`/api/forms/${CHAPTER_FORM_ID}`, { headers })
  ).json()) as typeof form;
  expect(stored.sections[0]!.questions.map((q) => q.questionText)).toContain(QUESTION);
  for (const section of visibleSections(stored, roles)) {
    for (const question of section.questions) {
      response = withAnswer(response, section.sectionId, question.questionId, answerFor(question, roles, resumeId));
    }
  }
  const saved = await director.request.put(`/api/application/save/${response.id}`, { headers, data: response });
  expect(saved.status(), await saved.text()).toBe(200);

  const applicant = await signedIn(browser, account.email, account.password);
  await applicant.goto(`/apply/f/${CHAPTER_FORM_ID}/basic-info`);
  const main = applicant.getByRole('main');
  await expect(main.locator('strong', { hasText: 'Basic Info.' })).toBeVisible();
  await expect(main.getByLabel(QUESTION)).toHaveValue('Yes');
  await expect(main.locator('strong', { hasText: 'Any' })).toBeVisible();
  await applicant.goto(`/apply/submit/${CHAPTER_FORM_ID}`);
  await submitFromReview(applicant);
  await expect(applicant.getByText('Your application has been submitted!')).toBeVisible();

  // Now that the form has an application, the builder refuses to drop an answered question, and says which.
  await director.goto(`/admin/dor/forms/${CHAPTER_FORM_ID}/edit`);
  await director.getByRole('button', { name: 'Delete question 1 "What is your full name?"' }).click();
  await director.getByRole('button', { name: 'Delete', exact: true }).click();
  await director.getByRole('button', { name: 'Save form' }).click();
  await expect(director.getByText(FORM_REVISION_MESSAGES.conflict)).toBeVisible();
  // Named at the top and on the Sections tab, where the question was.
  await expect(
    director.getByText(`Sections: ${FORM_REVISION_MESSAGES.removed('What is your full name?', 1)}`),
  ).toBeVisible();
  await expect(director.getByRole('tabpanel', { name: /^Sections/ }).getByRole('alert')).toHaveText(
    FORM_REVISION_MESSAGES.removed('What is your full name?', 1),
  );

  // Reviews (API shortcut: the review screens are driven in the staff-cycle test): the director scores Bootcamp.
  const staff = await directorHeaders(director.request);
  await assign(director.request, staff, 'review', [
    { responseId: response.id, role: 'bootcamp', staffId: 'demo-director' },
  ]);
  const application = (await (
    await director.request.get(`/api/admin/responses/${response.id}`, { headers: staff })
  ).json()) as {
    rows: { role: string; reviews: { assessmentId: string }[] }[];
  };
  const review = application.rows.find((row) => row.role === 'bootcamp')!.reviews[0]!;
  const rubric = stored.reviewRubrics.find((candidate) => candidate.roles.includes('bootcamp'))!;
  const scores = Object.fromEntries(rubric.criteria.map((criterion) => [criterion.key, criterion.max ?? 4]));
  const submitted = await director.request.post(`/api/admin/assessments/review/${review.assessmentId}/submit`, {
    headers: staff,
    data: { scores, comments: 'Strong start.', version: 0 },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // Decisions: Engineer denied (API), Bootcamp accepted on the dashboard; the letter previewed, then released.
  const denied = await director.request.put(`/api/admin/rows/${response.id}/engineer/decision`, {
    headers: staff,
    data: { decision: 'denied' },
  });
  expect(denied.status(), await denied.text()).toBe(200);
  const dashboard = `/admin/dor/dashboard/${CHAPTER_FORM_ID}/all`;
  await director.goto(dashboard);
  const bootcamp = director.getByRole('row', { name: /Test Applicant.*Bootcamp/ });
  await bootcamp.getByRole('combobox', { name: 'Decision' }).click();
  await director.locator('.ant-select-item-option').getByText('Accepted', { exact: true }).click();
  await expect(director.getByText('Decision saved.')).toBeVisible();
  await bootcamp.getByRole('button', { name: /Preview letter/ }).click();
  const letterPreview = director.getByRole('dialog');
  await expect(letterPreview.getByRole('heading', { name: 'Welcome to Bootcamp, Test!' })).toBeVisible();
  await letterPreview.getByRole('button', { name: 'Close' }).last().click();
  await releaseDecisions(director);
  await expect(director.getByText('Decisions released.')).toBeVisible();

  // The applicant reads their letter, filled in and rendered.
  await applicant.goto(`/apply/decision/${response.id}/bootcamp`);
  const letter = applicant.getByRole('main');
  await expect(letter.getByRole('heading', { name: 'Welcome to Bootcamp, Test!' })).toBeVisible();
  await expect(letter.locator('strong', { hasText: 'Bootcamp' })).toBeVisible();
  await expect(letter.getByText(/for Fall Chapter\./)).toBeVisible();
  await expect(letter.getByRole('link', { name: 'Bootcamp handbook' })).toHaveAttribute('target', '_blank');
  await expect(letter.getByText(/\{firstName\}|\*\*/)).toHaveCount(0);
  await shots(applicant, 'letter', { fullPage: true });
  await applicant.goto(`/apply/decision/${response.id}/engineer`);
  await expect(applicant.getByRole('main').getByText(/We cannot offer you/)).toContainText('Engineer');
  // Their pages go with the test: left open they would outlive this spec's runtime in the shard's
  // browser (and stand in the next failing spec's screenshots, which take every open page).
  await applicant.context().close();
  await director.context().close();
});
