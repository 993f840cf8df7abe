import { readFile } from 'node:fs/promises';
import AdmZip from 'adm-zip';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MY_DATA_JSON, type MyData } from '@portal/shared/domain';
import { startPortalProcess, type PortalProcess } from '../tools/portal-process';
import { DEMO, logIn, uniqueEmail } from './support/accounts';
import { assign, directorHeaders, FORM, idToken, submitApplication } from './support/applications';
import { expectAccessible } from './support/axe';
import {
  PRIVACY_TEST_AUTH_EMULATOR_PORT,
  PRIVACY_TEST_FIRESTORE_EMULATOR_PORT,
  PRIVACY_TEST_PORT,
} from './support/ports';

/**
 * An applicant's personal data (docs/product.md#privacy-notice, #download-my-data), on a runtime of
 * its own: signing up shows the chapter's privacy notice and needs it accepted; "Download my data"
 * on the profile gives one ZIP of everything of theirs, without the review work and without a
 * decision before its release; and once the runtime runs with a new notice version, every signed-in
 * user is asked again before going on.
 */

const PASSWORD = 'a-good-password-1';
const COMMENT = 'Promising, but check the references';
const ACCEPT = 'I have read the privacy notice and accept it';

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: `http://127.0.0.1:${PRIVACY_TEST_PORT}` });

const ports = {
  port: PRIVACY_TEST_PORT,
  authEmulatorPort: PRIVACY_TEST_AUTH_EMULATOR_PORT,
  firestoreEmulatorPort: PRIVACY_TEST_FIRESTORE_EMULATOR_PORT,
};
let portal: PortalProcess | undefined;
const applicant = { email: uniqueEmail('private'), password: PASSWORD };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startPortalProcess(ports);
});

test.afterAll(async () => {
  await portal?.stop();
});

/** Screenshots of the page at a laptop's and a phone's width, for a look. */
async function screenshots(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Clicks "Download my data" and reads the ZIP the browser saved. */
async function downloadMyData(page: Page) {
  const button = page.getByRole('button', { name: 'Download my data' });
  const saved = page.waitForEvent('download');
  await button.click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^portal data \d{4}-\d{2}-\d{2}\.zip$/);
  const zip = new AdmZip(await readFile((await download.path())!));
  const data = JSON.parse(zip.readAsText(MY_DATA_JSON)) as MyData;
  const text = zip
    .getEntries()
    .map((entry) => `${entry.entryName}\n${entry.getData().toString('utf8')}`)
    .join('\n');
  return { data, names: zip.getEntries().map((entry) => entry.entryName), text };
}

test('signing up shows the privacy notice and needs it accepted', async ({ page }, testInfo) => {
  await page.goto('/signup');
  const notice = page.getByRole('region', { name: 'Privacy notice' });
  await expect(notice).toContainText('What Example Chapter keeps.');
  await expect(notice).toContainText("The club's reviewers read the applications assigned to them");
  await expect(notice).toContainText('180 days after decisions are released');
  await screenshots(page, 'signup', testInfo);

  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Private');
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Accept the privacy notice to continue')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expectAccessible(page, 'sign-up, the privacy notice not accepted');

  await page.getByRole('checkbox', { name: ACCEPT }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await page.getByRole('link', { name: 'open the local mailbox' }).click();
  await page.getByRole('link', { name: 'Verify your email address' }).click();
  await expect(page).toHaveURL(/\/apply$/);

  await page.goto('/profile');
  await expect(page.getByText(/You accepted the privacy notice \(version 1\) on /)).toBeVisible();
});

test('"Download my data" holds the application, its file and emails, no review work, and decisions only once released', async ({
  page,
  request,
}, testInfo) => {
  // She applies (with her resume); the demo reviewer reviews it with a score and a comment; the
  // director decides it (not released yet).
  const submitted = await submitApplication(request, applicant, ['bootcamp']);
  const director = await directorHeaders(request);
  const [review] = await assign(request, director, 'review', [
    { responseId: submitted.id, role: 'bootcamp', staffId: 'demo-reviewer' },
  ]);
  const reviewer = { Authorization: `Bearer ${await idToken(request, DEMO.reviewer, 'demo-password-123')}` };
  const reviewed = await request.post(`/api/admin/assessments/review/${review!.id}/submit`, {
    headers: reviewer,
    data: { scores: { motivation: 3, experience: 2, communication: 4 }, comments: COMMENT, version: review!.version },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);
  const decided = await request.put(`/api/admin/rows/${submitted.id}/bootcamp/decision`, {
    headers: director,
    data: { decision: 'accepted' },
  });
  expect(decided.status(), await decided.text()).toBe(200);

  await logIn(page, applicant.email, PASSWORD);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await screenshots(page, 'profile', testInfo);
  await page.getByRole('button', { name: 'Read the privacy notice' }).click();
  await expect(page.getByRole('region', { name: 'Privacy notice' })).toBeVisible();
  await expectAccessible(page, 'profile, the privacy notice shown');

  const before = await downloadMyData(page);
  expect(before.names.sort()).toEqual(['files/resume.pdf', MY_DATA_JSON]);
  expect(before.data.account).toMatchObject({
    email: applicant.email,
    firstName: 'Priya',
    lastName: 'Private',
    privacyNotice: { version: '1' },
  });
  expect(before.data.applications).toEqual([
    expect.objectContaining({
      id: submitted.id,
      status: 'In review',
      roles: ['Bootcamp'],
      decisionsReleased: false,
      decisions: [],
    }),
  ]);
  expect(before.data.applications[0]!.answers).toEqual(
    expect.arrayContaining([expect.objectContaining({ answer: 'resume.pdf', file: 'files/resume.pdf' })]),
  );
  expect(before.data.emails.map((email) => email.kind)).toContain('Submission receipt');
  // No reviewer (their name, email or id), score or comment; no decision before the release.
  for (const phrase of [
    COMMENT,
    'Riley',
    'Dana',
    DEMO.reviewer,
    'demo-reviewer',
    '"scores"',
    '"comments"',
    'Accepted',
  ]) {
    expect({ phrase, seen: before.text.includes(phrase) }).toEqual({ phrase, seen: false });
  }

  const released = await request.post(`/api/admin/forms/${FORM}/release`, { headers: director, data: {} });
  expect(released.status(), await released.text()).toBe(200);
  const after = await downloadMyData(page);
  expect(after.data.applications[0]).toMatchObject({
    decisionsReleased: true,
    decisions: [expect.objectContaining({ role: 'Bootcamp', decision: 'Accepted', letter: expect.any(String) })],
  });
  for (const phrase of [COMMENT, 'Riley', 'Dana', DEMO.reviewer, 'demo-reviewer', '"scores"']) {
    expect({ phrase, seen: after.text.includes(phrase) }).toEqual({ phrase, seen: false });
  }
});

test('with a new version of the notice, every signed-in user is asked again before going on', async ({
  page,
}, testInfo) => {
  // The chapter publishes a new notice: the same data, the runtime started with the new version.
  await portal!.stop();
  portal = await startPortalProcess({
    ...ports,
    dataDir: portal!.dataDir,
    env: { PORTAL_PRIVACY_NOTICE_VERSION: '2' },
  });

  await logIn(page, applicant.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Our privacy notice has changed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Privacy notice' })).toContainText('What Example Chapter keeps.');
  await screenshots(page, 'notice-again', testInfo);
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByText('Accept the privacy notice to continue')).toBeVisible();
  await expectAccessible(page, 'the privacy notice asked again');
  await page.getByRole('checkbox', { name: ACCEPT }).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(/You accepted the privacy notice \(version 2\) on /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  // Staff too: the director (seeded with version 1) is asked on any page, and goes on once accepted.
  await logIn(page, DEMO.director);
  await expect(page.getByRole('heading', { name: 'Our privacy notice has changed' })).toBeVisible();
  await page.goto('/admin/dor/users');
  await expect(page.getByRole('heading', { name: 'Our privacy notice has changed' })).toBeVisible();
  await page.getByRole('checkbox', { name: ACCEPT }).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dor\/users$/);
  await expect(page.getByRole('heading', { name: 'Our privacy notice has changed' })).toBeHidden();
});
