import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ApplicationForm, ApplicationResponse, StaffApplication } from '@portal/shared/domain';
import {
  acceptedPrivacyNotice,
  DEMO,
  DEMO_PASSWORD,
  logIn,
  registerVerifiedApplicant,
  uniqueEmail,
} from './support/accounts';
import { FORM, assign, idToken, submitApplication } from './support/applications';

/** Script that would run if any screen put answer or name text into the page as HTML. */
const SCRIPT_TAG = '<script>window.__xss=1</script>';
const IMG_TAG = '<img src=x onerror="window.__xss=1">';
const filler = Array.from({ length: 25 }, (_, i) => `impact${i}`).join(' ');

interface Guard {
  /** No CSP violation, no dialog, nothing from the payloads ran or became an element. */
  expectClean(screen: string): Promise<void>;
}

/** Records CSP violations (events and console errors) and dialogs on a page from its first script on. */
async function guard(page: Page): Promise<Guard> {
  const dialogs: string[] = [];
  const consoleViolations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      consoleViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    async expectClean(screen) {
      const state = await page.evaluate(() => {
        const win = window as unknown as { __xss?: unknown; __cspViolations?: string[] };
        return {
          xss: win.__xss,
          violations: win.__cspViolations ?? [],
          injectedImages: document.querySelectorAll('img[src="x"]').length,
          injectedScripts: [...document.scripts].filter((script) => script.textContent?.includes('__xss')).length,
        };
      });
      expect({ screen, ...state, dialogs, consoleViolations }).toEqual({
        screen,
        xss: undefined,
        violations: [],
        injectedImages: 0,
        injectedScripts: 0,
        dialogs: [],
        consoleViolations: [],
      });
    },
  };
}

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const page = await browser.newPage();
  const checks = await guard(page);
  await logIn(page, email, password);
  return { page, checks };
}

const auth = async (request: APIRequestContext, email: string, password = DEMO_PASSWORD) => ({
  Authorization: `Bearer ${await idToken(request, email, password)}`,
});

test('the pages load under the content security policy without a single violation', async ({ browser, page }) => {
  const landing = await guard(page);
  const answer = await page.goto('/');
  const policy = answer!.headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application Portal' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await landing.expectClean('landing');

  const applicant = await signedIn(browser, DEMO.applicant);
  await applicant.page.goto('/apply');
  await expect(applicant.page.getByRole('heading').first()).toBeVisible();
  await applicant.page.waitForLoadState('networkidle');
  await applicant.checks.expectClean('/apply');

  const director = await signedIn(browser, DEMO.director);
  for (const screen of [`/admin/dor/dashboard/${FORM}/all`, '/admin/dor/users']) {
    await director.page.goto(screen);
    await expect(director.page.getByRole('heading').first()).toBeVisible();
    await director.page.waitForLoadState('networkidle');
    await director.checks.expectClean(screen);
  }
});

test('a script tag in a name and in answers is shown as text on every screen, never run', async ({ browser, page }) => {
  test.setTimeout(180_000);
  // The name schema takes any text up to 100 characters, so the payloads go in through registration.
  const email = uniqueEmail('xss');
  const password = 'first-password-1';
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password, firstName: SCRIPT_TAG, lastName: IMG_TAG, ...(await acceptedPrivacyNotice(page.request)) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id: applicantId } = (await registered.json()) as { id: string };
  const verified = await page.request.post('/identitytoolkit.googleapis.com/v1/projects/demo-portal/accounts:update', {
    headers: { Authorization: 'Bearer owner' },
    data: { localId: applicantId, emailVerified: true },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  const account = { email, password };
  const preferredName = `Nova ${SCRIPT_TAG} ${IMG_TAG}`;
  const whyJoin = `${SCRIPT_TAG} ${IMG_TAG} ${filler}`;
  const saved = await submitApplication(page.request, account, ['bootcamp'], {
    preferredName,
    whyJoin,
    submit: false,
  });

  // The applicant's screens: the overview, the submit page (before submitting), then after submitting.
  const applicant = await signedIn(browser, email, password);
  const ap = applicant.page;
  await ap.goto('/apply');
  await expect(ap.getByRole('heading').first()).toBeVisible();
  await ap.waitForLoadState('networkidle');
  await applicant.checks.expectClean('/apply');

  await ap.goto(`/apply/submit/${FORM}`);
  await ap.getByRole('button', { name: 'Expand all sections' }).click();
  await expect(ap.getByText(preferredName)).toBeVisible();
  await expect(ap.getByText(SCRIPT_TAG).first()).toBeVisible();
  await applicant.checks.expectClean('/apply/submit');

  const submitted = await page.request.post('/api/application/submit', {
    headers: await auth(page.request, email, password),
    data: saved,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const responseId = ((await submitted.json()) as ApplicationResponse).id;

  for (const screen of ['/apply/status', '/apply/success']) {
    await ap.goto(screen);
    await expect(ap.getByRole('heading').first()).toBeVisible();
    await ap.waitForLoadState('networkidle');
    await applicant.checks.expectClean(screen);
  }
  await ap.goto(`/apply/revisit/${FORM}`);
  await expect(ap.getByText(preferredName)).toBeVisible();
  await expect(ap.getByText(IMG_TAG).first()).toBeVisible();
  await applicant.checks.expectClean('/apply/revisit');

  await ap.goto('/profile');
  await expect(ap.getByRole('textbox', { name: 'First name' })).toHaveValue(SCRIPT_TAG);
  await expect(ap.getByRole('textbox', { name: 'Last name' })).toHaveValue(IMG_TAG);
  await applicant.checks.expectClean('/profile');

  // The director assigns the demo reviewer (through the API), then opens every screen showing the applicant.
  const directorHeaders = await auth(page.request, DEMO.director);
  await assign(page.request, directorHeaders, 'review', [{ responseId, role: 'bootcamp', staffId: 'demo-reviewer' }]);
  const displayName = `${SCRIPT_TAG} ${IMG_TAG}`;

  const director = await signedIn(browser, DEMO.director);
  const dp = director.page;
  await dp.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(dp.getByRole('link', { name: displayName })).toBeVisible();
  await director.checks.expectClean('dashboard all tab');

  await dp.goto(`/admin/dor/application/${FORM}/${responseId}`);
  await expect(dp.getByRole('heading', { name: displayName })).toBeVisible();
  await expect(dp.getByText(preferredName)).toBeVisible();
  await expect(dp.getByText(IMG_TAG).first()).toBeVisible();
  await director.checks.expectClean('application page');

  await dp.goto(`/admin/dor/reviews/${responseId}`);
  await expect(dp.getByText(SCRIPT_TAG).first()).toBeVisible();
  await expect(dp.getByText('Riley Reviewer').first()).toBeVisible();
  await director.checks.expectClean('reviews page');

  await dp.goto('/admin/dor/users');
  await dp.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(dp.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
  await expect(dp.getByText(SCRIPT_TAG).first()).toBeVisible();
  await director.checks.expectClean('users page');

  // The reviewer's review screen shows the answers of the sections reviewers see (Motivation).
  const application = await page.request.get(`/api/admin/responses/${responseId}`, { headers: directorHeaders });
  expect(application.status(), await application.text()).toBe(200);
  const review = ((await application.json()) as StaffApplication).rows
    .flatMap((row) => row.reviews)
    .find((ref) => ref.staffId === 'demo-reviewer');
  expect(review).toBeDefined();
  const reviewer = await signedIn(browser, DEMO.reviewer);
  await reviewer.page.goto(`/admin/review/f/${FORM}/${responseId}/motivation/${review!.assessmentId}`);
  await expect(reviewer.page.getByText(whyJoin)).toBeVisible();
  await reviewer.checks.expectClean('review screen');
});

test("a script tag and an image in a form's markdown texts and letters show as text on every screen, never run", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const payload = `${SCRIPT_TAG} ${IMG_TAG}`;
  const directorHeaders = await auth(page.request, DEMO.director);
  const stored = await page.request.get(`/api/forms/${FORM}`, { headers: directorHeaders });
  expect(stored.status(), await stored.text()).toBe(200);
  // The demo form's questions as a form of its own, with the payloads in every markdown field,
  // made the active form for this test (the demo form is made active again at the end).
  const {
    isActive: _active,
    decisionsReleased: _released,
    ...hostile
  } = structuredClone((await stored.json()) as ApplicationForm);
  hostile.id = 'markdown-xss-form';
  // An unsafe link and an image too: the applicant's pages show the server's HTML of these texts.
  hostile.description =
    `**Demo** cycle. ${payload} [Click me](javascript:alert(document.domain)) ` +
    '![Team photo](https://images.example.net/team.png)';
  hostile.sections[0]!.description = `**About you** first.\n\n${payload}`;
  const motivation = hostile.sections.find((section) => section.sectionId === 'motivation')!;
  motivation.questions[0]!.secondaryText = `Tell us _why_. ${payload}`;
  hostile.reviewRubrics[0]!.criteria[0]!.description = `Look for **impact**. ${payload}`;
  hostile.letters = (hostile.letters ?? []).map((letter) => ({ ...letter, body: `${letter.body}\n\n${payload}` }));
  const published = await page.request.post('/api/application/forms', { headers: directorHeaders, data: hostile });
  expect(published.status(), await published.text()).toBe(201);
  const activate = (formId: string) =>
    page.request.post(`/api/admin/forms/${formId}/activate`, { headers: directorHeaders, data: {} });
  expect((await activate(hostile.id)).status()).toBe(200);
  try {
    const account = await registerVerifiedApplicant(page.request, uniqueEmail('md-xss'));
    const applicant = await signedIn(browser, account.email, account.password);
    const ap = applicant.page;
    await ap.goto('/apply');
    await expect(ap.locator('.portal-markdown strong', { hasText: 'Demo' })).toBeVisible();
    await expect(ap.getByText(payload)).toBeVisible();
    await expect(ap.locator('.portal-markdown a', { hasText: 'Click me' })).not.toHaveAttribute('href');
    await expect(ap.getByRole('link', { name: 'Team photo' })).toHaveAttribute(
      'href',
      'https://images.example.net/team.png',
    );
    await expect(ap.locator('.portal-markdown img')).toHaveCount(0);
    await applicant.checks.expectClean('/apply (form description)');
    await ap.getByRole('button', { name: 'Start application' }).click();
    await expect(ap).toHaveURL(new RegExp(`/apply/f/${hostile.id}/about-you$`));
    for (const [section, marker] of [
      ['about-you', 'About you'],
      ['motivation', 'why'],
    ] as const) {
      await ap.goto(`/apply/f/${hostile.id}/${section}`);
      await expect(ap.locator('.portal-markdown :is(strong, em)', { hasText: marker })).toBeVisible();
      await expect(ap.getByText(SCRIPT_TAG).first()).toBeVisible();
      await applicant.checks.expectClean(`editor ${section}`);
    }
    const submitted = await submitApplication(page.request, account, ['bootcamp'], { formId: hostile.id });

    // The director decides the row and previews its letter; the reviewer scores with the rubric's description.
    const decided = await page.request.put(`/api/admin/rows/${submitted.id}/bootcamp/decision`, {
      headers: directorHeaders,
      data: { decision: 'accepted' },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    const director = await signedIn(browser, DEMO.director);
    await director.page.goto(`/admin/dor/dashboard/${hostile.id}/all`);
    await director.page
      .getByRole('row', { name: /Test Applicant/ })
      .getByRole('button', { name: /Preview letter/ })
      .click();
    const dialog = director.page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Welcome to Bootcamp, Test!' })).toBeVisible();
    await expect(dialog.getByText(payload)).toBeVisible();
    await director.checks.expectClean('letter preview');

    await assign(page.request, directorHeaders, 'review', [
      { responseId: submitted.id, role: 'bootcamp', staffId: 'demo-reviewer' },
    ]);
    const application = await page.request.get(`/api/admin/responses/${submitted.id}`, { headers: directorHeaders });
    const review = ((await application.json()) as StaffApplication).rows
      .flatMap((row) => row.reviews)
      .find((ref) => ref.staffId === 'demo-reviewer');
    const reviewer = await signedIn(browser, DEMO.reviewer);
    await reviewer.page.goto(`/admin/review/f/${hostile.id}/${submitted.id}/motivation/${review!.assessmentId}`);
    await expect(reviewer.page.locator('.portal-markdown strong', { hasText: 'impact' })).toBeVisible();
    await expect(reviewer.page.getByText(SCRIPT_TAG).first()).toBeVisible();
    await reviewer.checks.expectClean('review screen (rubric description)');
  } finally {
    expect((await activate(FORM)).status()).toBe(200);
  }
});
