import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { CALIBRATION_EXPLANATION, type ApplicationForm } from '@portal/shared/domain';
import { FORM, assign, idToken, submitApplication } from './support/applications';
import { DEMO, DEMO_PASSWORD, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { fitsWidth } from './support/layout';

/**
 * Calibrated scores and disagreement on the director's dashboard
 * (docs/product.md#calibrated-scores-and-disagreement): an application whose two reviewers score 4
 * and 0 on every criterion is flagged beyond the form's threshold; the All tab shows a Calibrated
 * column beside the raw score, explains it, and filters by disagreement. Screenshots at 1366 and
 * 390 px under /tmp/shots-16/ (or SHOTS_DIR).
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-16';

async function bearer(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await idToken(request, email, DEMO_PASSWORD)}` };
}

test("the director's dashboard shows the Calibrated column and filters by disagreement", async ({ page, request }) => {
  const email = uniqueEmail('disagree');
  const submitted = await submitApplication(request, await registerVerifiedApplicant(request, email), ['bootcamp']);
  const director = await bearer(request, DEMO.director);
  const reviewer = await bearer(request, DEMO.reviewer);

  // The director sets the form's disagreement threshold (as the builder's JSON would) and assigns two reviews.
  const form = (await (await request.get(`/api/forms/${FORM}`, { headers: director })).json()) as ApplicationForm;
  const published = await request.post('/api/application/forms', {
    headers: director,
    data: { ...form, disagreementThreshold: 2 },
  });
  expect(published.status(), await published.text()).toBe(201);
  const created = await assign(
    request,
    director,
    'review',
    ['demo-reviewer', 'demo-director'].map((staffId) => ({ responseId: submitted.id, role: 'bootcamp', staffId })),
  );
  for (const review of created) {
    const value = review.staffId === 'demo-reviewer' ? 4 : 0;
    const res = await request.post(`/api/admin/assessments/review/${review.id}/submit`, {
      headers: review.staffId === 'demo-reviewer' ? reviewer : director,
      data: {
        scores: { motivation: value, experience: value, communication: value },
        comments: '',
        version: review.version,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(page.getByRole('columnheader', { name: /Average score/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Calibrated/ })).toBeVisible();
  await page.getByRole('button', { name: 'How calibrated scores work' }).first().hover();
  await expect(page.getByRole('tooltip', { name: CALIBRATION_EXPLANATION })).toBeVisible();

  await page.getByText('Disagreement', { exact: true }).first().click();
  await expect(page).toHaveURL(/filter=disagreement/);
  await page.getByRole('searchbox', { name: 'Search applicants' }).fill(email);
  const row = page.getByRole('row', { name: /Test Applicant/ });
  await expect(row).toHaveCount(1);
  // The raw mean of 4 and 0; the calibrated score sits in its own cell beside it.
  await expect(row.getByText('2.00').first()).toBeVisible();
  await expect(row.getByText('Disagreement')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Add a reviewer for Test Applicant' })).toBeEnabled();

  // Sorting by the calibrated score is a header click, kept in the URL.
  // Near the cell's left edge, on the title: the "?" beside it opens the explanation without sorting.
  await page.getByRole('columnheader', { name: /Calibrated/ }).click({ position: { x: 6, y: 6 } });
  await expect(page).toHaveURL(/sort=calibratedReviewScore/);
  await expect(page).toHaveURL(/q=/);
  await expect(row).toHaveCount(1);

  await page.mouse.move(0, 0); // no header tooltip left over in the screenshots
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/dashboard-disagreement-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  // A flagged row (its tag and "Add a reviewer" beside the score) still fits a laptop screen.
  await expect(row.getByText('Disagreement')).toBeVisible();
  await expect.poll(() => fitsWidth(page)).toEqual({ page: true, tables: true });
  await page.getByRole('searchbox', { name: 'Search applicants' }).fill('');
  await page.getByText('Every application', { exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/dashboard-all-1366.png`, fullPage: true });
});
