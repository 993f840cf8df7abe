import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { applicantPseudonym, type ApplicationForm } from '@portal/shared/domain';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { assign, demoReviewerWithRoles, directorHeaders, submitApplication } from './support/applications';
import { ownPortal, publishAndActivate } from './support/own-portal';
import { BLIND_REVIEW_TEST_AUTH_EMULATOR_PORT, BLIND_REVIEW_TEST_PORT } from './support/ports';

/**
 * Blind review (docs/product.md#blind-review): the demo form, published again as a blind one whose "About You"
 * reviewers may read, less the identifying name question. A reviewer walks every screen of their
 * review and never meets the applicant's name, email, identifying answer or file name; the
 * super-reviewer reads them all.
 */
const BLIND_FORM_ID = 'blind-spring';
const APPLICANT = { firstName: 'Quintessa', lastName: 'Marlowe' };
const PREFERRED_NAME = 'Quinnie';
const FILE_NAME = 'Quintessa Marlowe CV.pdf';
/** A word of an answer reviewers read (motivation): the search finds the application by it. */
const ANSWER_WORD = 'Zephyrine';

let responseId = '';
let email = '';

ownPortal({
  port: BLIND_REVIEW_TEST_PORT,
  authEmulatorPort: BLIND_REVIEW_TEST_AUTH_EMULATOR_PORT,
  timeout: 300_000,
  setup: async (request) => {
    const headers = await directorHeaders(request);
    const demo = (await (await request.get('/api/forms/demo-form-spring', { headers })).json()) as ApplicationForm;
    await publishAndActivate(request, headers, {
      ...demo,
      id: BLIND_FORM_ID,
      semester: 'Blind Spring',
      blindReview: { review: true, interview: true },
      sections: demo.sections.map((section) => ({
        ...section,
        hiddenFromReviewers: undefined,
        questions: section.questions.map((q) => (q.questionId === 'preferred-name' ? { ...q, identifying: true } : q)),
      })),
    });

    email = uniqueEmail('blind');
    const account = await registerVerifiedApplicant(request, email, undefined, APPLICANT);
    const response = await submitApplication(request, account, ['bootcamp'], {
      formId: BLIND_FORM_ID,
      preferredName: PREFERRED_NAME,
      resumeFileName: FILE_NAME,
      whyJoin: `I volunteer at the ${ANSWER_WORD} food bank on Saturdays. ${Array.from({ length: 25 }, (_, n) => `impact${n}`).join(' ')}`,
    });
    responseId = response.id;

    const reviewer = await demoReviewerWithRoles(request, headers);
    await assign(request, headers, 'review', [{ responseId, role: 'bootcamp', staffId: reviewer.id }]);
  },
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/blind-review/${name}.png`, fullPage: true });

/** Everything the page shows or names: its text, its title, link targets and download names. */
async function identifyingOn(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...Array.from(document.querySelectorAll('a')).map((a) => `${a.href} ${a.download} ${a.title}`),
      ...Array.from(document.querySelectorAll('[aria-label],[title]')).map(
        (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
      ),
    ].join('\n'),
  );
  return [APPLICANT.firstName, APPLICANT.lastName, email, PREFERRED_NAME, 'Marlowe CV'].filter((phrase) =>
    seen.toLowerCase().includes(phrase.toLowerCase()),
  );
}

test('a reviewer reads a blind application under a pseudonym on every screen; the super-reviewer reads the name', async ({
  page,
  browser,
}) => {
  const pseudonym = applicantPseudonym(responseId);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, DEMO.reviewer);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Reviewer dashboard' }).click();
  const row = page.getByRole('row').filter({ hasText: pseudonym });
  await expect(row).toBeVisible();
  expect(await identifyingOn(page)).toEqual([]);
  await shot(page, 'reviewer-dashboard-1366');

  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText("Blind review: the applicant's name")).toBeVisible();
  const sections = page.locator('.ant-segmented-item');
  const count = await sections.count();
  expect(count).toBeGreaterThan(1);
  let sawResume = false;
  for (let i = 0; i < count; i++) {
    await sections.nth(i).click();
    await expect(page.getByRole('region').first()).toBeVisible();
    if (await page.getByText('resume.pdf').count()) sawResume = true;
    expect({ section: i, seen: await identifyingOn(page) }).toEqual({ section: i, seen: [] });
  }
  // The resume is readable, under a name the applicant did not type.
  expect(sawResume).toBe(true);
  await sections.first().click();
  await shot(page, 'review-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await identifyingOn(page)).toEqual([]);
  await shot(page, 'review-390');

  const director = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(director, DEMO.director);
  await director.goto(`/admin/dor/response/${responseId}`);
  await expect(director.getByText(PREFERRED_NAME)).toBeVisible();
  expect(await identifyingOn(director)).toEqual(
    expect.arrayContaining([APPLICANT.firstName, APPLICANT.lastName, PREFERRED_NAME]),
  );
  await shot(director, 'director-response-1366');
  await director.close();
});

test("the search finds the application by a word of its answers; a blind reviewer's never by the name, email or identifying answer", async ({
  page,
  browser,
}) => {
  const pseudonym = applicantPseudonym(responseId);
  const search = (on: Page) => on.getByRole('searchbox', { name: 'Search applicants' });
  /** Types a search and waits for the API's answer to it. */
  const searchFor = async (on: Page, text: string) => {
    const answered = on.waitForResponse((res) => new URL(res.url()).searchParams.get('search') === text);
    await search(on).fill(text);
    await answered;
  };
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, DEMO.reviewer);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Reviewer dashboard' }).click();
  await expect(search(page)).toHaveAttribute('placeholder', 'Search by pseudonym (Applicant 7F3K) or answer');
  const row = page.getByRole('row').filter({ hasText: pseudonym });
  for (const named of [APPLICANT.firstName, `${APPLICANT.firstName} ${APPLICANT.lastName}`, email, PREFERRED_NAME]) {
    await searchFor(page, named);
    await expect(page.getByText('Nothing matches your search.')).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  await searchFor(page, ANSWER_WORD.toLowerCase());
  await expect(row).toBeVisible();
  await expect(page.getByText('1 review matches your search')).toBeVisible();
  expect(await identifyingOn(page)).toEqual([]);
  await expectAccessible(page, 'reviewer dashboard searched by an answer, 1366 px');
  await shot(page, 'reviewer-search-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'reviewer dashboard searched by an answer, 390 px');
  await shot(page, 'reviewer-search-390');

  // The super-reviewer finds it by the same word, and by the identifying answer.
  // A context of its own: axe analyses pages of a context it can open frames in.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const director = await context.newPage();
  await logIn(director, DEMO.director);
  await director.goto(`/admin/dor/dashboard/${BLIND_FORM_ID}/all`);
  await expect(search(director)).toHaveAttribute('placeholder', 'Search by name, email or answer');
  const named = director.getByRole('row').filter({ hasText: `${APPLICANT.firstName} ${APPLICANT.lastName}` });
  for (const word of [`${ANSWER_WORD} food`, PREFERRED_NAME]) {
    await searchFor(director, word);
    await expect(named).toHaveCount(1);
  }
  await expectAccessible(director, "director's dashboard searched by an answer, 1366 px");
  await shot(director, 'director-search-1366');
  await director.setViewportSize({ width: 390, height: 844 });
  await expect(named).toBeVisible();
  // The rows found: at this width the dashboard's own tab bar (antd's overflow button inside the
  // tablist) has a finding of its own, not the search's.
  await expectAccessible(director, "director's dashboard searched by an answer, 390 px", '.ant-table-wrapper');
  await shot(director, 'director-search-390');
  await context.close();
});
