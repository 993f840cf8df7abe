import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { withAnswer, type ApplicationForm, type ApplicationResponse } from '@portal/shared/domain';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { directorHeaders, idToken } from './support/applications';
import { ownPortal, publishAndActivate } from './support/own-portal';
import { CUSTOM_ROLES_TEST_AUTH_EMULATOR_PORT, CUSTOM_ROLES_TEST_PORT } from './support/ports';

/**
 * A club with teams of its own (docs/product.md#team-roles): its form, published through the API, defines Treasurer
 * and Events. An applicant picks Treasurer in the browser and is asked the Treasurer section only;
 * the super-reviewer's dashboard shows the row with the form's label, emoji and colour.
 */
const CLUB_FORM_ID = 'club-fall';

const clubForm = (dueDate: Date): Omit<ApplicationForm, 'isActive' | 'decisionsReleased'> => ({
  id: CLUB_FORM_ID,
  semester: 'Club Fall',
  dueDate: dueDate.toISOString(),
  roles: [
    { id: 'treasurer', label: 'Treasurer', description: 'Keeps the club’s books', color: '#1f6feb', emoji: '💰' },
    { id: 'events', label: 'Events', color: '#8250df', emoji: '🎉' },
  ],
  reviewRoleRule: { requiredRole: 'events', minimum: 1 },
  sections: [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [{ questionId: 'name', questionType: 'short-answer', questionText: 'What name do you go by?' }],
    },
    {
      sectionId: 'teams',
      sectionName: 'Teams',
      questions: [
        { questionId: 'teams', questionType: 'role-select', questionText: 'Which teams are you applying for?' },
      ],
    },
    {
      sectionId: 'money',
      sectionName: 'Budgets',
      forRoles: ['treasurer'],
      questions: [
        { questionId: 'budget', questionType: 'long-answer', questionText: 'Tell us about a budget you kept.' },
      ],
    },
    {
      sectionId: 'party',
      sectionName: 'Events',
      forRoles: ['events'],
      questions: [
        { questionId: 'event', questionType: 'long-answer', questionText: 'Tell us about an event you ran.' },
      ],
    },
  ],
  reviewRubrics: [
    {
      rubricId: 'club',
      roles: ['treasurer', 'events'],
      criteria: [{ key: 'fit', prompt: 'Fit', min: 0, max: 4, weight: 1 }],
    },
  ],
  interviewRubrics: [],
});

ownPortal({
  port: CUSTOM_ROLES_TEST_PORT,
  authEmulatorPort: CUSTOM_ROLES_TEST_AUTH_EMULATOR_PORT,
  timeout: 180_000,
  setup: async (request) =>
    publishAndActivate(
      request,
      await directorHeaders(request),
      clubForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)),
    ),
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/custom-roles/${name}.png`, fullPage: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections of the application' });

/** Adds the Treasurer answer to the saved response and submits it through the API. */
async function submitSaved(request: APIRequestContext, account: { email: string; password: string }) {
  const headers = { Authorization: `Bearer ${await idToken(request, account.email, account.password)}` };
  const started = await request.post('/api/responses', { headers, data: { formId: CLUB_FORM_ID } });
  expect(started.ok(), await started.text()).toBe(true);
  const saved = (await started.json()) as ApplicationResponse;
  expect(saved.rolesApplied).toEqual(['treasurer']);
  const complete = withAnswer(withAnswer(saved, 'about', 'name', 'Nova'), 'money', 'budget', 'The spring gala budget.');
  const submitted = await request.post('/api/application/submit', { headers, data: complete });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

test("an applicant picks the form's own role and its section; the dashboard shows the role's chip", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('custom-roles'));
  await logIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${CLUB_FORM_ID}/about$`));

  await nav(page).getByRole('link', { name: /Teams/ }).click();
  const teams = page.getByRole('group', { name: 'Which teams are you applying for?' });
  await expect(teams.getByRole('checkbox')).toHaveCount(2);
  await expect(teams.getByText('Keeps the club’s books')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Engineer/ })).toHaveCount(0);
  await teams.getByRole('checkbox', { name: /Treasurer/ }).check();
  await expect(nav(page).getByRole('link', { name: /Budgets/ })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /Events/ })).toHaveCount(0);
  await expect(page.getByText(/^Last save: /)).toBeVisible({ timeout: 10_000 });
  await shot(page, 'role-select-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  // The section list folds into its menu once the layout has seen the new width.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'role-select-390');

  await submitSaved(page.request, account);

  const director = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(director, DEMO.director);
  await director.goto(`/admin/dor/dashboard/${CLUB_FORM_ID}/all`);
  const chip = director.getByRole('table').getByTitle('Treasurer');
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText('💰Treasurer');
  const colors = await chip.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
  expect(colors[0]).not.toBe('rgb(240, 240, 240)');
  await shot(director, 'dashboard-1366');
  await director.setViewportSize({ width: 390, height: 844 });
  await expect(director.getByRole('table').getByTitle('Treasurer')).toBeVisible();
  await shot(director, 'dashboard-390');
  await director.close();
});
