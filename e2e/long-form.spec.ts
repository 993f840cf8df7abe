import { readFileSync } from 'node:fs';
import type { FileChooser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { visibleSections, type ApplicationForm, type Question } from '@portal/shared/domain';
import { logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { directorHeaders } from './support/applications';
import { expectAccessible } from './support/axe';
import { countQuestions, longForm, LONG_FORM_ID } from '../functions/src/testing/long-form';
import { makePdf } from './support/pdf';
import { ownPortal, publishAndActivate } from './support/own-portal';
import { LONG_FORM_TEST_AUTH_EMULATOR_PORT, LONG_FORM_TEST_PORT } from './support/ports';

/**
 * A chapter's real-sized form (15 sections, 64 questions, long help texts), active on a runtime
 * of its own: the layout at 1280, 1366 and 390 px, a whole application by keyboard alone, axe on
 * every kind of page, and the deadline passing while the editor is open.
 */
let form: ApplicationForm;

const portal = ownPortal({
  port: LONG_FORM_TEST_PORT,
  authEmulatorPort: LONG_FORM_TEST_AUTH_EMULATOR_PORT,
  timeout: 240_000,
  setup: async (request) => {
    form = longForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    expect(form.sections).toHaveLength(15);
    expect(countQuestions(form)).toBe(64);
    // A definition does not make a form live: it is published, then activated by its own action.
    await publishAndActivate(request, await directorHeaders(request), form);
  },
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/long-form/${name}.png`, fullPage: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections of the application' });

async function startApplication(page: Page) {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('long-form'));
  await logIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${LONG_FORM_ID}/basic-info$`));
  return account;
}

test('15 sections read well at 1280, 1366 and 390 px: a step list beside the form, a compact menu on phones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startApplication(page);
  // The optional self-describe question is named by its prompt, described by its limit, and its prompt focuses it.
  const selfDescribe = page.getByRole('textbox', { name: 'If you chose to self-describe, how? (optional)' });
  await expect(selfDescribe).toHaveAccessibleDescription('0 words (at most 5)');
  await page.getByText('If you chose to self-describe, how?').click();
  await expect(selfDescribe).toBeFocused();
  await page.getByRole('link', { name: 'Roles' }).click();
  const roles = page.getByRole('group', { name: 'Which roles are you applying for?' });
  for (const role of [/Engineer$/, /Designer$/, /Product Manager$/, /Outreach Coordinator$/]) {
    await roles.getByRole('checkbox', { name: role }).check();
  }
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });

  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/apply/f/${LONG_FORM_ID}/experience`);
    await expect(page.getByRole('heading', { name: 'Experience', level: 2 })).toBeVisible();
    await expect(nav(page).getByText('Section 6 of 15')).toBeVisible();
    const links = nav(page).getByRole('link');
    await expect(links).toHaveCount(15);
    const navBox = (await nav(page).boundingBox())!;
    const card = (await page.getByRole('heading', { name: 'Experience', level: 2 }).boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(card.x);
    // Every section name on one or two lines, never a letter or two per line.
    for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) {
      expect(box!.width).toBeGreaterThan(180);
      expect(box!.height).toBeLessThan(60);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Help text sits between the question and its input.
    const prompt = (await page.getByText('Tell us about something you built or organized.').boundingBox())!;
    const input = page.getByRole('textbox', { name: 'Tell us about something you built or organized.' });
    const help = (await page
      .getByText(/^Answer in your own words/)
      .first()
      .boundingBox())!;
    expect(prompt.y).toBeLessThan(help.y);
    expect(help.y).toBeLessThan((await input.boundingBox())!.y);
    await shot(page, `experience-${width}`);
    await expectAccessible(page, `long form at ${width} px`);
  }

  // "None of the above" goes alone: it clears the others, and another choice clears it.
  const tools = page.getByRole('group', { name: 'Which tools have you used?' });
  await tools.getByRole('checkbox', { name: 'Git' }).check();
  await tools.getByRole('checkbox', { name: 'Figma' }).check();
  await tools.getByRole('checkbox', { name: 'None of the above' }).check();
  await expect(tools.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await tools.getByRole('checkbox', { name: 'Git' }).check();
  await expect(tools.getByRole('checkbox', { name: 'None of the above' })).not.toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/apply/f/${LONG_FORM_ID}/teamwork`);
  const menu = nav(page).getByRole('button', { name: 'Section 8 of 15: Teamwork and Leadership' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page).getByRole('link')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'teamwork-390');
  await expectAccessible(page, 'long form at 390 px');
  await menu.click();
  await expect(nav(page).getByRole('link')).toHaveCount(15);
  await shot(page, 'menu-390');
  await expectAccessible(page, 'section menu open at 390 px');
  await nav(page).getByRole('link', { name: 'Resume and Links' }).click();
  await expect(page.getByRole('heading', { name: 'Resume and Links', level: 2 })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Section 13 of 15: Resume and Links' })).toBeVisible();
  await shot(page, 'resume-390');
});

/** Presses Tab until `target` has the focus: proves it is reachable by keyboard, in order. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await handle!.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

const answerFor = (question: Question) =>
  'maxWords' in question && question.maxWords !== undefined && question.maxWords < 6
    ? 'Yes'
    : 'My honest answer is right here.';

async function answerByKeyboard(page: Page, question: Question, choosers: FileChooser[]) {
  if (question.optional) return;
  const name = question.questionText;
  switch (question.questionType) {
    case 'short-answer':
    case 'long-answer':
      await tabTo(page, page.getByRole('textbox', { name }));
      await page.keyboard.type(answerFor(question));
      return;
    case 'multiple-choice':
      await tabTo(page, page.getByRole('radiogroup', { name }).getByRole('radio').first());
      await page.keyboard.press('Space');
      return;
    case 'multiple-select':
    case 'role-select':
      await tabTo(page, page.getByRole('group', { name }).getByRole('checkbox').first());
      await page.keyboard.press('Space');
      return;
    case 'file-upload': {
      await tabTo(page, page.getByRole('button', { name: 'Upload your file' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => choosers.length, { message: 'Enter on the upload button opens the file chooser' })
        .toBe(1);
      await choosers.shift()!.setFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf(64 * 1024) });
      await expect(page.getByText(/^resume\.pdf \(/)).toBeVisible({ timeout: 15_000 });
      return;
    }
  }
}

test('keyboard only: a whole application of the long form, the upload and the submit', async ({ page }) => {
  // Playwright intercepts file choosers once the page has a listener; one added just before the key
  // press can miss the chooser that press opens (it did, every time, after another test in the file).
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('keyboard'));
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/apply$/);
  await tabTo(page, page.getByRole('button', { name: 'Start application' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/apply/f/${LONG_FORM_ID}/basic-info$`));

  // Bootcamp only (the first role): 11 of the 15 sections.
  const sections = visibleSections(form, ['bootcamp']);
  expect(sections).toHaveLength(11);
  for (const [index, section] of sections.entries()) {
    await expect(page.getByRole('heading', { name: section.sectionName, level: 2 })).toBeVisible();
    for (const question of section.questions) await answerByKeyboard(page, question, choosers);
    const last = index === sections.length - 1;
    await tabTo(page, page.getByRole('button', { name: last ? 'Review and submit' : 'Next' }));
    await page.keyboard.press('Enter');
  }

  await expect(page).toHaveURL(new RegExp(`/apply/submit/${LONG_FORM_ID}$`));
  // The sections are folded: unfold them by keyboard to read the answers.
  await tabTo(page, page.getByRole('button', { name: 'Expand all sections' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('resume.pdf')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit application' }), 400);
  await page.keyboard.press('Enter');
  // Submitting cannot be undone: the dialog asks first, and the keyboard confirms it.
  const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, submit' }), 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/apply\/success$/);
  await expect(page.getByText('Your application has been submitted!')).toBeVisible();
  await expect(
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal:draft:'))),
  ).resolves.toEqual([]);
});

test('the deadline passing with the editor open: said at once, read-only, the answers kept to download', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await startApplication(page);
  // A second tab, opened while the old due date still stood: the server's refusal closes it.
  const stale = await (await browser.newContext({ baseURL: portal().url })).newPage();
  await logIn(stale, account.email, account.password);
  await stale.goto(`/apply/f/${LONG_FORM_ID}/contact`);
  await expect(stale.getByRole('heading', { name: 'Contact Details', level: 2 })).toBeVisible();

  const dueDate = new Date(Date.now() + 8000).toISOString();
  const moved = await page.request.put(`/api/admin/forms/${LONG_FORM_ID}/due-date`, {
    headers: await directorHeaders(page.request),
    data: { dueDate },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  await page.getByRole('textbox', { name: 'What is your full name?' }).fill('Nova Reyes');

  const notice = page.getByRole('alert').filter({ hasText: 'The deadline for this application has passed' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: 'What is your full name?' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save application' })).toHaveCount(0);
  await shot(page, 'deadline-passed');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'deadline-passed-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'editor after the deadline');
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download your answers' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('What is your full name?\nNova Reyes\n');

  // The stale tab types after the deadline: the first save says why at once, not a generic failure.
  await stale.getByRole('textbox', { name: 'Which city do you live in during the semester?' }).fill('Chicago');
  const staleNotice = stale
    .getByRole('alert')
    .filter({ hasText: 'The deadline for this application has passed' })
    .filter({ has: stale.getByRole('button', { name: 'Download your answers' }) });
  await expect(staleNotice).toBeVisible({ timeout: 10_000 });
  await expect(staleNotice).toContainText('Your last changes could not be saved; they are kept on this device.');
  await expect(stale.locator('.Toastify__toast--error')).toHaveText('The deadline for this application has passed');
  await expect(stale.getByText('Failed to save your application!')).toHaveCount(0);
  await expect(stale.getByRole('textbox', { name: 'Which city do you live in during the semester?' })).toHaveValue(
    'Chicago',
  );
  const kept = await stale.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal:draft:')));
  expect(kept).toHaveLength(1);
});
