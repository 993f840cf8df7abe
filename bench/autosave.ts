import { chromium } from '@playwright/test';
import type { ApplicationResponse } from '@portal/shared/domain';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { createVerifiedApplicant } from './support/accounts';
import { percentile } from './support/percentiles';

const PROJECT_ID = 'demo-portal';
const FORM_ID = 'demo-form-spring';
const TYPING_SECONDS = 10;
const CONCURRENT_APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 50);
const LOAD_SECONDS = 15;

/** Types into the editor like a person: bursts of words with pauses, for 10 s; counts save requests. */
async function typingRun(baseUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('applicant@example.com');
    await page.getByLabel('Password').fill('demo-password-123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/apply');
    await page.goto(`${baseUrl}/apply/f/${FORM_ID}/motivation`);
    const box = page.getByRole('textbox', { name: 'Why do you want to build software for nonprofits?' });
    await box.waitFor();
    await box.fill('');
    await page.waitForTimeout(2500);

    let saves = 0;
    let started = Date.now();
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/application/save/')) {
        saves += 1;
        if (process.env.BENCH_VERBOSE) console.log(`  save at ${((Date.now() - started) / 1000).toFixed(2)} s`);
      }
    });
    // Bursts of words separated by short (< 2 s) and long (>= 2 s) pauses, for about 10 s.
    const plan = [
      { words: 'I want my code to help ', pauseMs: 600 },
      { words: 'food banks ', pauseMs: 2400 },
      { words: 'and shelters ', pauseMs: 900 },
      { words: 'in my city ', pauseMs: 2300 },
      { words: 'because I volunteered ', pauseMs: 400 },
      { words: 'there for years ', pauseMs: 700 },
    ];
    started = Date.now();
    let longPauses = 0;
    let typedSeconds = 0;
    for (const [i, step] of plan.entries()) {
      await box.pressSequentially(step.words, { delay: 60 });
      const last = i === plan.length - 1 || Date.now() - started > TYPING_SECONDS * 1000;
      // After the last burst the applicant stops typing: that final pause is a long one too.
      const pauseMs = last ? 3000 : step.pauseMs;
      if (process.env.BENCH_VERBOSE)
        console.log(`  pause ${pauseMs} ms at ${((Date.now() - started) / 1000).toFixed(2)} s`);
      if (last) typedSeconds = (Date.now() - started) / 1000;
      await page.waitForTimeout(pauseMs);
      if (pauseMs >= 2000) longPauses += 1;
      if (last) break;
    }
    return { typedSeconds, saves, expected: longPauses };
  } finally {
    await browser.close();
  }
}

/** 50 applicants on loopback, each saving its own response back to back for 15 s. */
async function loadRun(baseUrl: string) {
  const stamp = Date.now();
  const applicants = await Promise.all(
    Array.from({ length: CONCURRENT_APPLICANTS }, (_, i) =>
      createVerifiedApplicant(baseUrl, PROJECT_ID, `bench-${stamp}-${i}@example.com`),
    ),
  );
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    applicants.map(async (applicant, i) => {
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${applicant.idToken}` };
      const started = await fetch(`${baseUrl}/api/responses`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ formId: FORM_ID }),
      });
      let response = (await started.json()) as ApplicationResponse;
      let n = 0;
      while (Date.now() < deadline) {
        n += 1;
        const edited: ApplicationResponse = {
          ...response,
          sectionResponses: response.sectionResponses.map((section) => ({
            ...section,
            questions: section.questions.map((q) =>
              q.questionId === 'why-join'
                ? { ...q, response: `Applicant ${i} draft ${n}: I care about nonprofits.` }
                : q,
            ),
          })),
        };
        const t0 = performance.now();
        const saved = await fetch(`${baseUrl}/api/application/save/${response.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(edited),
        });
        latencies.push(performance.now() - t0);
        if (saved.ok) response = (await saved.json()) as ApplicationResponse;
        else {
          errors += 1;
          await saved.text();
        }
      }
    }),
  );
  return { saves: latencies.length, errors, latencies };
}

async function main() {
  const portal = await startPortalProcess({ port: 18280 + PORT_OFFSET, authEmulatorPort: 19599 + PORT_OFFSET });
  try {
    const typing = await typingRun(portal.url);
    console.log(`typing: ${typing.typedSeconds.toFixed(1)} s at human speed`);
    console.log(`typing: ${typing.saves} save requests (expected ${typing.expected}: one per pause of 2 s or more)`);
    const load = await loadRun(portal.url);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(`load: ${CONCURRENT_APPLICANTS} concurrent applicants saving for ${LOAD_SECONDS} s on loopback`);
    console.log(`load: ${load.saves} saves (${(load.saves / LOAD_SECONDS).toFixed(0)}/s), ${load.errors} errors`);
    console.log(
      `load: save latency p50 ${fmt(percentile(load.latencies, 50))}, p95 ${fmt(percentile(load.latencies, 95))}, p99 ${fmt(percentile(load.latencies, 99))}`,
    );
  } finally {
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
