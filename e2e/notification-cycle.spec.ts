import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { toZonedWallTime } from '@portal/shared/domain';
import { DEMO, DEMO_PASSWORD, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, demoReviewer, directorHeaders, submitApplication } from './support/applications';
import { ownPortal } from './support/own-portal';
import { CHAPTER_TIME_ZONE, ZONE_IN_WORDS } from './support/time-zone';
import {
  NOTIFICATION_CYCLE_TEST_AUTH_EMULATOR_PORT,
  NOTIFICATION_CYCLE_TEST_FIRESTORE_EMULATOR_PORT,
  NOTIFICATION_CYCLE_TEST_PORT,
} from './support/ports';

/**
 * The cycle of emails (docs/product.md#emails), as people hear of it: an applicant submits and
 * finds the receipt in the local mailbox; is invited to interview, books a slot and gets the
 * confirmation with its .ics; the director schedules the release a minute or two ahead, the server's clock
 * is moved past it, the release happens on its own, the decision email arrives with the letter, and
 * the applicant's decision page says the same. On a runtime of its own, so the release waits on
 * this applicant alone; `npm test` runs it on SQLite and again on the Firestore emulator (the
 * production store's adapter).
 */
const PLACE = 'Engineering Hall, Room 12';
const CHAPTER = 'Example Chapter';

ownPortal({
  port: NOTIFICATION_CYCLE_TEST_PORT,
  authEmulatorPort: NOTIFICATION_CYCLE_TEST_AUTH_EMULATOR_PORT,
  firestoreEmulatorPort: NOTIFICATION_CYCLE_TEST_FIRESTORE_EMULATOR_PORT,
  timeout: 300_000,
});

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(page, email, password);
  return page;
}

/** The server's clock (the local runtime's one clock, which the test may move). */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const clock = (await (await request.get('/local/clock')).json()) as { now: string };
  return new Date(clock.now);
}

/** The applicant's inbox on the local mailbox page, with the email whose subject is given. */
async function email(page: Page, address: string, subject: string | RegExp) {
  await page.goto(`/mailbox?email=${encodeURIComponent(address)}`);
  const inbox = page.getByRole('region', { name: `Emails to ${address.toLowerCase()}` });
  const card = inbox.locator('.ant-card').filter({ hasText: subject });
  await expect(card).toBeVisible();
  await expect(card.getByText('sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  return card;
}

test('submit, receipt, invitation, booking with .ics, scheduled release, decision email and page', async ({
  browser,
  page,
}) => {
  const request = page.request;
  const director = await directorHeaders(request);

  // The applicant submits (through the API: the editor has its own browser tests) and finds the receipt.
  const applicant = await registerVerifiedApplicant(request, uniqueEmail('cycle-mail'), undefined, {
    firstName: 'Noor',
    lastName: 'Mailwright',
  });
  const submitted = await submitApplication(request, applicant, ['bootcamp']);
  const mine = await signedIn(browser, applicant.email, applicant.password);
  const receipt = await email(mine, applicant.email, `We received your application to ${CHAPTER}`);
  await receipt.getByRole('button', { name: 'Open' }).click();
  await expect(receipt.getByText(/You received this email because you submitted an application/)).toBeVisible();

  // The director marks the Bootcamp application qualified: that invites the applicant to interview.
  const qualified = await request.put(`/api/admin/rows/${submitted.id}/bootcamp/qualified`, {
    headers: director,
    data: { qualified: true },
  });
  expect(qualified.status(), await qualified.text()).toBe(200);
  await email(mine, applicant.email, `${CHAPTER} invites you to interview`);

  // A slot three days ahead, with the demo reviewer interviewing.
  const reviewer = await demoReviewer(request, director);
  const startsAt = new Date((await serverNow(request)).getTime() + 3 * 24 * 60 * 60 * 1000);
  startsAt.setUTCMinutes(0, 0, 0);
  const slot = await request.post(`/api/admin/forms/${FORM}/interview-slots`, {
    headers: director,
    data: { startsAt: startsAt.toISOString(), minutes: 30, place: PLACE, interviewerIds: [reviewer.id], capacity: 1 },
  });
  expect(slot.status(), await slot.text()).toBe(201);

  // The applicant books it from their status page and gets the confirmation with its calendar file.
  await mine.goto('/apply/status');
  await mine.getByRole('link', { name: 'Book an interview time' }).click();
  await expect(mine.getByRole('heading', { name: 'Your interview' })).toBeVisible();
  await mine.getByRole('button', { name: /^Book\b/ }).click();
  await expect(mine.getByText('Your interview is booked.')).toBeVisible();
  const confirmation = await email(mine, applicant.email, `Your interview with ${CHAPTER}`);
  const download = mine.waitForEvent('download');
  await confirmation.getByRole('link', { name: 'Download interview.ics' }).click();
  const ics = (await readFile((await (await download).path())!, 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`DTSTART:${startsAt.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  expect(ics).toContain('LOCATION:Engineering Hall\\, Room 12');

  // The director decides, then schedules the release in the chapter's zone. The field holds whole
  // minutes, so two minutes on, cut to the minute, is one to two minutes ahead: the scheduler,
  // which runs every few seconds, cannot release before the dry run and the check below.
  const decided = await request.put(`/api/admin/rows/${submitted.id}/bootcamp/decision`, {
    headers: director,
    data: { decision: 'accepted' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  const dor = await signedIn(browser, DEMO.director);
  await dor.goto(`/admin/dor/dashboard/${FORM}/all`);
  const card = dor.getByRole('region', { name: 'Scheduled release' });
  await expect(card.getByText('No release is scheduled.', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Pick a time' }).click();
  await expect(card.getByText(`Release on (${ZONE_IN_WORDS})`)).toBeVisible();
  const zone = CHAPTER_TIME_ZONE;
  const at = toZonedWallTime(new Date((await serverNow(request)).getTime() + 120_000), zone);
  await card.getByLabel(/^Release on \(/).fill(at);
  await card.getByRole('button', { name: 'Schedule' }).click();
  await expect(card.getByText('Decisions will be released on', { exact: false })).toBeVisible();
  // The dry run: the guard passes and one decision email will go out.
  await card.getByRole('button', { name: 'Dry run' }).click();
  const dryRun = card.getByRole('table').or(card.locator('.ant-descriptions'));
  await expect(dryRun.getByText('Yes', { exact: true })).toBeVisible();
  await expect(card.locator('.ant-descriptions-row').filter({ hasText: 'Decision released emails' })).toContainText(
    '1',
  );

  // Before the time, nothing is released.
  await mine.goto('/apply/status');
  await expect(mine.getByRole('link', { name: 'See your decision' })).toHaveCount(0);

  // The server's clock moves three minutes on: the scheduler releases on its own.
  const moved = await request.post('/local/clock', { data: { advanceMs: 180_000 } });
  expect(moved.status(), await moved.text()).toBe(200);
  await dor.goto(`/admin/dor/dashboard/${FORM}/all`);
  await expect(dor.getByText(/^Decisions have been released: /)).toBeVisible();

  // The decision email carries the letter; the decision page says the same.
  const decision = await email(mine, applicant.email, `Your application to ${CHAPTER}: the decision`);
  await decision.getByRole('button', { name: 'Open' }).click();
  const html = decision.getByRole('document', { name: `Your application to ${CHAPTER}: the decision (HTML)` });
  await expect(html.getByRole('heading', { name: 'Welcome to Bootcamp, Noor!' })).toBeVisible();
  await expect(html.getByRole('link', { name: 'Bootcamp guide' })).toBeVisible();
  await mine.goto('/apply/status');
  await mine.getByRole('link', { name: 'See your decision' }).click();
  await expect(mine).toHaveURL(new RegExp(`/apply/decision/${submitted.id}/bootcamp$`));
  const letter = mine.getByRole('main');
  await expect(letter.getByText('Accepted').first()).toBeVisible();
  await expect(letter.getByRole('heading', { name: 'Welcome to Bootcamp, Noor!' })).toBeVisible();
  await expect(letter.getByRole('link', { name: 'Bootcamp guide' })).toBeVisible();
  await mine.close();
  await dor.close();
});
