import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { toZonedWallTime } from '@portal/shared/domain';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, assign, demoReviewerWithRoles, directorHeaders, submitApplication } from './support/applications';
import { ownPortal } from './support/own-portal';
import { CHAPTER_TIME_ZONE, ZONE_IN_WORDS } from './support/time-zone';
import { INTERVIEW_SLOTS_TEST_AUTH_EMULATOR_PORT, INTERVIEW_SLOTS_TEST_PORT } from './support/ports';

/**
 * Interview slots (docs/product.md#interview-slots): the super-reviewer publishes a slot on the
 * slot screen; an applicant invited (an interviewer assigned to them) finds the invitation in the
 * local mailbox, books the slot, sees it on the status page and gets the confirmation with its
 * .ics; the interviewer finds the interview in their booked list, linking to the interview screen.
 */
const SHOTS = '/tmp/shots-i17s';
const PLACE = 'Student Union, Room 204';

let applicant = { email: '', password: '' };
let interviewerName = '';

ownPortal({
  port: INTERVIEW_SLOTS_TEST_PORT,
  authEmulatorPort: INTERVIEW_SLOTS_TEST_AUTH_EMULATOR_PORT,
  timeout: 300_000,
  setup: async (request) => {
    const headers = await directorHeaders(request);
    applicant = await registerVerifiedApplicant(request, uniqueEmail('interviewee'), undefined, {
      firstName: 'Imogen',
      lastName: 'Slotwell',
    });
    const response = await submitApplication(request, applicant, ['bootcamp']);
    const reviewer = await demoReviewerWithRoles(request, headers);
    interviewerName = `${reviewer.firstName} ${reviewer.lastName}`;
    // The explicit invitation: an interviewer assigned.
    await assign(request, headers, 'interview', [{ responseId: response.id, role: 'bootcamp', staffId: reviewer.id }]);
  },
});

/** A screenshot at 1366 and at 390 px wide, the page never wider than the screen. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a slot is published, booked by the invited applicant, confirmed with an .ics and listed for the interviewer', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, DEMO.director);
  await page.goto(`/admin/dor/interview-slots/${FORM}`);
  await expect(page.getByRole('heading', { name: 'Interview slots' })).toBeVisible();
  await expect(page.getByText('No interview slots yet.', { exact: false })).toBeVisible();
  await shots(page, 'slots-empty');

  // The start is entered in the chapter's zone, which the label names in words.
  await expect(page.getByText(`Starts (${ZONE_IN_WORDS})`)).toBeVisible();
  const zone = CHAPTER_TIME_ZONE;
  const start = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  start.setUTCMinutes(0, 0, 0);
  await page.getByLabel(/^Starts \(/).fill(toZonedWallTime(start, zone));
  await page.getByLabel('Length (minutes)').fill('45');
  await page.getByLabel('Seats').fill('2');
  await page.getByLabel('Place or video link').fill(PLACE);
  await page.getByLabel('Interviewers').click();
  await page.locator('.ant-select-item-option').getByText(interviewerName, { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Publish slot' }).click();
  const slot = page.getByRole('list', { name: 'Interview slots' }).getByRole('listitem').filter({ hasText: PLACE });
  await expect(slot).toContainText('0 of 2 seats taken');
  const when = (await slot.locator('strong').first().textContent())!;
  // Every date names its zone (an abbreviation such as EST, or GMT+n).
  expect(when).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,5}([+-]\d+)?$/);
  await shots(page, 'slots-published');

  const mine = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(mine, applicant.email, applicant.password);
  await mine.goto(`/mailbox?email=${encodeURIComponent(applicant.email)}`);
  await expect(mine.getByText('invites you to interview')).toBeVisible();

  await mine.goto('/apply/status');
  await mine.getByRole('link', { name: 'Book an interview time' }).click();
  await expect(mine.getByRole('heading', { name: 'Your interview' })).toBeVisible();
  // The applicant reads the zone in words ("Eastern Time"), and each time in it.
  const zoneName = ZONE_IN_WORDS;
  const wallTime = when.replace(/ [A-Z]{2,5}([+-]\d+)?$/, '');
  await expect(mine.getByText(`Times are in ${zoneName}.`)).toBeVisible();
  await shots(mine, 'applicant-book');
  // "(your time: …)" follows when the browser's zone is another.
  const inZone = `${wallTime} ${zoneName}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await mine.getByRole('button', { name: new RegExp(`^Book: ${inZone}`) }).click();
  await expect(mine.getByText('Your interview is booked.')).toBeVisible();
  await shots(mine, 'applicant-booked');

  await mine.goto('/apply/status');
  await expect(mine.getByText(new RegExp(`^Interview: ${inZone}`))).toBeVisible();
  await expect(mine.getByText(PLACE, { exact: false })).toBeVisible();
  await shots(mine, 'applicant-status');

  await mine.goto(`/mailbox?email=${encodeURIComponent(applicant.email)}`);
  const confirmation = mine
    .getByRole('region', { name: /^Emails to / })
    .locator('.ant-card')
    .filter({ hasText: `Your interview with` })
    .filter({ hasText: when });
  await expect(confirmation).toBeVisible();
  const download = mine.waitForEvent('download');
  await confirmation.getByRole('link', { name: 'Download interview.ics' }).click();
  const file = await (await download).path();
  const ics = await readFile(file, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR\r\n');
  expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:Student Union\\, Room 204');
  await confirmation.getByRole('button', { name: 'Open' }).click();
  await expect(confirmation.getByText(PLACE, { exact: false })).toBeVisible();
  await shots(mine, 'mailbox-confirmation');
  await mine.close();

  await page.reload();
  await expect(slot).toContainText('1 of 2 seats taken');
  await expect(slot.getByRole('link', { name: 'Imogen Slotwell' })).toBeVisible();
  await expect(slot.getByRole('button', { name: 'Delete slot' })).toHaveCount(0);
  await shots(page, 'slots-booked');

  const interviewer = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(interviewer, DEMO.reviewer);
  await interviewer.goto(`/admin/reviewer/dashboard/${FORM}/interviews`);
  const booked = interviewer.locator('.ant-card').filter({ hasText: 'Your booked interviews' });
  await expect(booked.getByText(when)).toBeVisible();
  await shots(interviewer, 'interviewer-booked');
  await booked.getByRole('link', { name: 'Imogen Slotwell' }).click();
  await expect(interviewer).toHaveURL(/\/admin\/interview\/f\//);
  await expect(interviewer.getByRole('heading', { name: 'Interview' })).toBeVisible();
  await interviewer.close();
});
