import { applicantPseudonym, type AuditEntry, type ReviewerDigestSent } from '@portal/shared/domain';
import { DEFAULT_MAIL_SETTINGS, type OutboxMessage } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import { COLLECTIONS } from '../store/collections';
import { DAY_MS, FORM_ID, later, START, updateForm, type Harness } from './api-harness';
import { assign, publishSlot, submitApplication } from './staff-fixtures';

/**
 * A reviewer's daily digest (docs/product.md#reviewer-digest) through the API and the scheduler, each
 * scenario on a fresh harness: reviewer-digest.routes.test.ts runs them on SQLite,
 * reviewer-digest.emulator.test.ts on each store, Google's Cloud Firestore emulator included. ada and
 * eve applied (engineer and bootcamp); rita and rob review; dora is the super-reviewer. START is 07:00
 * in the chapter's zone (America/New_York), an hour before the day's digests.
 */

export const DIGEST_PATH = `/admin/forms/${FORM_ID}/reviewer-digest`;
const HOUR_MS = 60 * 60 * 1000;

export const digestEmails = async (harness: Harness): Promise<OutboxMessage[]> =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
    .map((item) => item.data)
    .filter((message) => message.template === 'reviewerDigest')
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.to < b.to ? -1 : 1));

async function sendNow(harness: Harness, body: object = { staffId: 'rita' }): Promise<ReviewerDigestSent> {
  const res = await harness.as('dora').post(DIGEST_PATH, body);
  if (res.status !== 201) throw new Error(`digest: ${res.status} ${res.text}`);
  return res.body as ReviewerDigestSent;
}

const whole = (message: OutboxMessage) => `${message.subject}\n${message.html}\n${message.text}`;

export const REVIEWER_DIGEST_SCENARIOS: Record<string, (harness: Harness) => Promise<void>> = {
  "send now: the reviewer's new assignments and the reviews due within 48 h, named; a double click sends once; audited":
    async (harness) => {
      const ada = await submitApplication(harness, 'ada');
      const eve = await submitApplication(harness, 'eve');
      await assign(harness, [
        { responseId: ada.id, role: 'engineer', staffId: 'rita' },
        { responseId: eve.id, role: 'bootcamp', staffId: 'rita' },
      ]);
      await updateForm(harness.store, FORM_ID, { reviewDueDate: later(START, DAY_MS).toISOString() });

      expect(await sendNow(harness)).toEqual({ sent: 1, nothingToSay: 0, optedOut: 0, tooSoon: 0 });
      // The second click: within the hour, nothing more.
      expect(await sendNow(harness)).toEqual({ sent: 0, nothingToSay: 0, optedOut: 0, tooSoon: 1 });
      const [digest, ...more] = await digestEmails(harness);
      expect(more).toEqual([]);
      expect(digest).toMatchObject({ to: 'rita@example.com', formId: FORM_ID, state: 'queued' });
      expect(digest!.subject).toBe('Your reviews at Example Chapter: 2 due within 48 hours');
      expect(digest!.text).toContain('Due within 48 hours');
      expect(digest!.text).toContain('Review: ada Tester, Engineer, due');
      expect(digest!.text).toContain('Review: eve Tester, Bootcamp, due');
      expect(digest!.text).toContain('/admin/reviewer/dashboard/demo-form-spring/apps');
      expect(digest!.text).toContain('/admin/settings');

      const audit = (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
        .map((item) => item.data)
        .filter((entry) => entry.action === 'reviewer.digest-sent');
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: 'dora',
          formId: FORM_ID,
          target: { collection: COLLECTIONS.users, id: 'rita' },
          after: { reviewer: 'rita Tester', newAssignments: 0, dueSoon: 2 },
        }),
      ]);
      // Counts only in the audit log: no applicant's name (as a word: a random id's hex can hold "ada").
      expect(JSON.stringify(audit)).not.toMatch(/\b(ada|eve)\b/);

      // After the hour, "all": rita again (her reviews are still due soon), rob has nothing to be told.
      harness.clock.now = later(START, HOUR_MS + 1);
      await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }]);
      await harness.as('rob').put('/users/rob/reviewer-digest', { enabled: false });
      expect(await sendNow(harness, {})).toEqual({ sent: 1, nothingToSay: 0, optedOut: 1, tooSoon: 0 });
    },

  'a digest to a reviewer on a blind stage names no applicant: pseudonyms only': async (harness) => {
    const ada = await submitApplication(harness, 'ada');
    await updateForm(harness.store, FORM_ID, { blindReview: { review: true, interview: true } });
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    for (const role of ['engineer'] as const) {
      const res = await harness.as('dora').put(`/admin/rows/${ada.id}/${role}/qualified`, { qualified: true });
      expect(res.status).toBe(200);
    }
    const slot = await publishSlot(harness, { startsAt: later(START, DAY_MS).toISOString() });
    expect((await harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id })).status).toBe(200);

    expect((await sendNow(harness)).sent).toBe(1);
    const [digest] = await digestEmails(harness);
    const text = whole(digest!);
    expect(text).toContain(`Review: ${applicantPseudonym(ada.id)}, Engineer`);
    expect(text).toContain(`Interview: ${applicantPseudonym(ada.id)}`);
    expect(text).not.toMatch(/ada|Tester/);
  },

  'nothing to say, or turned off: no email': async (harness) => {
    const ada = await submitApplication(harness, 'ada');
    expect(await sendNow(harness, { staffId: 'rob' })).toEqual({ sent: 0, nothingToSay: 1, optedOut: 0, tooSoon: 0 });
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    expect((await harness.as('rita').put('/users/rita/reviewer-digest', { enabled: false })).body).toEqual({
      enabled: false,
    });
    expect(await sendNow(harness, {})).toEqual({ sent: 0, nothingToSay: 0, optedOut: 1, tooSoon: 0 });
    expect(await digestEmails(harness)).toEqual([]);
    // Back on: the assignment made since her last digest (she has had none: the last day's).
    await harness.as('rita').put('/users/rita/reviewer-digest', { enabled: true });
    expect((await sendNow(harness, {})).sent).toBe(1);
    expect((await digestEmails(harness))[0]!.text).toContain('Assigned to you since your last digest');
  },

  "the scheduler: one digest a day from 08:00 in the chapter's zone, listing what was assigned since the last": async (
    harness,
  ) => {
    const ada = await submitApplication(harness, 'ada');
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const scheduler = createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
    });
    // 07:00: not yet.
    expect((await scheduler.runOnce()).reviewerDigests).toBe(0);
    harness.clock.now = later(START, HOUR_MS);
    expect((await scheduler.runOnce()).reviewerDigests).toBe(1);
    harness.clock.now = later(START, 2 * HOUR_MS);
    expect((await scheduler.runOnce()).reviewerDigests).toBe(0);
    // Another scheduler the same day (a cold start) learns from the mark that the day is done.
    const cold = createScheduler({ store: harness.store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });
    expect((await cold.runOnce()).reviewerDigests).toBe(0);
    let emails = await digestEmails(harness);
    expect(emails.map((email) => [email.to, email.id.startsWith('reviewer-digest.2026-03-01~')])).toEqual([
      ['rita@example.com', true],
    ]);
    expect(emails[0]!.text).toContain('Review: ada Tester, Engineer');

    // The next day: nothing new, nothing due soon, so no email.
    harness.clock.now = later(START, DAY_MS + HOUR_MS);
    expect((await scheduler.runOnce()).reviewerDigests).toBe(0);
    // The day after, a new assignment: it alone is listed.
    harness.clock.now = later(START, 2 * DAY_MS);
    await assign(harness, [{ responseId: eve.id, role: 'engineer', staffId: 'rita' }]);
    harness.clock.now = later(START, 2 * DAY_MS + HOUR_MS);
    expect((await scheduler.runOnce()).reviewerDigests).toBe(1);
    emails = await digestEmails(harness);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain('Review: eve Tester, Engineer');
    expect(emails[1]!.text).not.toContain('ada Tester');
  },
};
