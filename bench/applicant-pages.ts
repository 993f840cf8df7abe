import { chromium, request as playwrightRequest, type Page } from '@playwright/test';
import type { ApplicationResponse } from '@portal/shared/domain';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { directorHeaders, submitApplication } from '../e2e/support/applications';
import { chapterForm, CHAPTER_FORM_ID } from '../functions/src/testing/long-form';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { activate, logIn } from './support/visits';
import { createVerifiedApplicant } from './support/accounts';
import { follow, measure, printSteps, recorder, type Step } from './support/page-steps';

/**
 * `npm run bench:pages`: how long each applicant page takes to show its content on this machine
 * (after a click inside the portal, or the log-in), on a club's form (15 sections, markdown), and
 * the longest chains of API calls and scripts it waits on (./support/page-steps.ts).
 * Builds nothing: run `npx tsx tools/build.ts` first (npm start builds too).
 */
const PROJECT_ID = 'demo-portal';
const PASSWORD = 'bench-password-1';
const FORM_NAME = chapterForm(new Date()).semester;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** The editor's section heading (the first level-2 heading), as the page shows it now. */
const sectionHeading = (page: Page) => page.evaluate(() => document.querySelector('main h2')?.textContent ?? null);

async function main() {
  const portal = await startPortalProcess({ port: 18790 + PORT_OFFSET, authEmulatorPort: 18791 + PORT_OFFSET });
  const api = await playwrightRequest.newContext({ baseURL: portal.url });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // A decided and released application on the demo form, for the decision page.
    const decided = await createVerifiedApplicant(portal.url, PROJECT_ID, `bench-decided-${Date.now()}@example.com`);
    const response: ApplicationResponse = await submitApplication(api, { email: decided.email, password: PASSWORD });
    const headers = await directorHeaders(api);
    const decision = await api.put(`/api/admin/rows/${response.id}/bootcamp/decision`, {
      headers,
      data: { decision: 'accepted' },
    });
    if (!decision.ok()) throw new Error(`decide: ${decision.status()} ${await decision.text()}`);
    const released = await api.post(`/api/admin/forms/${response.applicationFormId}/release`, { headers, data: {} });
    if (!released.ok()) throw new Error(`release: ${released.status()} ${await released.text()}`);
    // Then the club's form is the live one.
    await activate(portal.url, chapterForm(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)));

    const runs: Step[][] = [];
    for (let run = 1; run <= RUNS; run++) {
      const applicant = await createVerifiedApplicant(
        portal.url,
        PROJECT_ID,
        `bench-pages-${run}-${Date.now()}@example.com`,
      );
      const steps: Step[] = [];
      for (const [who, email] of [
        ['new', applicant.email],
        ['decided', decided.email],
      ] as const) {
        const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        const rec = recorder(page);
        if (who === 'new') {
          steps.push(
            await measure(
              page,
              rec,
              'landing → log in → overview',
              () => logIn(page, email, PASSWORD),
              () => page.getByRole('button', { name: 'Start application' }).waitFor(),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'overview → editor (first section)',
              () => page.getByRole('button', { name: 'Start application' }).click(),
              () => page.getByRole('button', { name: /^Next/ }).first().waitFor(),
            ),
          );
          const firstSection = await sectionHeading(page);
          steps.push(
            await measure(
              page,
              rec,
              'editor → next section',
              () => page.getByRole('button', { name: /^Next/ }).first().click(),
              () =>
                page.waitForFunction(
                  (before) => (document.querySelector('main h2')?.textContent ?? null) !== before,
                  firstSection,
                ),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'review page',
              () => follow(page, `/apply/submit/${CHAPTER_FORM_ID}`),
              () =>
                page
                  .getByRole('button', { name: /Submit/ })
                  .first()
                  .waitFor(),
            ),
          );
          steps.push(
            await measure(
              page,
              rec,
              'status',
              () => follow(page, '/apply/status'),
              () => page.getByText(FORM_NAME).first().waitFor(),
            ),
          );
          steps.push(await measure(page, rec, 'interview', () => follow(page, `/apply/interview/${CHAPTER_FORM_ID}`)));
        } else {
          steps.push(
            await measure(page, rec, 'landing → log in → overview (decided)', () => logIn(page, email, PASSWORD)),
          );
          steps.push(
            await measure(page, rec, 'decision', () => follow(page, `/apply/decision/${response.id}/bootcamp`)),
          );
        }
        await context.close();
      }
      runs.push(steps);
    }

    printSteps(
      `Applicant pages, Chromium at 1366 px, the club's form; median of ${RUNS} runs (new account each):`,
      runs,
    );
  } finally {
    await browser.close();
    await api.dispose();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
