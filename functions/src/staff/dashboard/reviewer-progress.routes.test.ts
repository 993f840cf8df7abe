import { REVIEWER_PROGRESS_TEXTS, STAFF_MESSAGES, type ReviewerProgressPage } from '@portal/shared/domain';
import { DEFAULT_MAIL_SETTINGS, outboxEvents, outboxId, type OutboxMessage } from '../../outbox/outbox';
import { createScheduler } from '../../scheduler/scheduler';
import { COLLECTIONS } from '../../store/collections';
import { countingStore } from '../../store/counting-store';
import { OVERDUE_RESCAN_MS } from './reviewer-progress.service';
import { createHarness, DAY_MS, FORM_ID, later, START, updateForm, type Harness } from '../../testing/api-harness';
import { assign, submitApplication } from '../../testing/staff-fixtures';

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const SCORES = { motivation: 4, experience: 4, communication: 4 };
const progress = async () =>
  (await harness.as('dora').get(`/admin/forms/${FORM_ID}/progress`)).body as ReviewerProgressPage;
const outbox = async () =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
    .map((item) => item.data)
    .filter((message) => message.template === 'reviewerReminder');

describe('reviewer progress', () => {
  it('shows each reviewer’s work, what is overdue after the review due date, and their leniency', async () => {
    const ada = await submitApplication(harness, 'ada');
    const eve = await submitApplication(harness, 'eve');
    const [ritaAda, robAda] = await assign(harness, [
      { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
      { responseId: eve.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    harness.clock.now = later(START, 2 * DAY_MS);
    await harness
      .as('rita')
      .post(`/admin/assessments/review/${ritaAda!.id}/submit`, { scores: SCORES, comments: '', version: 0 })
      .expect(200);
    await harness
      .as('rob')
      .post(`/admin/assessments/review/${robAda!.id}/submit`, {
        scores: { motivation: 2, experience: 2, communication: 2 },
        comments: '',
        version: 0,
      })
      .expect(200);

    const before = await progress();
    expect(before.reviewDueDate).toBeNull();
    expect(before.items.map((item) => [item.staffId, item.assigned, item.submitted, item.overdue])).toEqual([
      ['rita', 1, 1, 0],
      ['rob', 2, 1, 0],
    ]);
    expect(before.items.map((item) => [item.averageHoursToReview, item.leniency])).toEqual([
      [48, 2],
      [48, -2],
    ]);

    await harness.store.update(COLLECTIONS.forms, FORM_ID, { reviewDueDate: later(START, DAY_MS).toISOString() });
    const after = await progress();
    expect(after.items.map((item) => [item.staffId, item.overdue])).toEqual([
      ['rob', 1],
      ['rita', 0],
    ]);
    expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/progress`)).status).toBe(403);
  });

  it('"Remind" queues one reminder a day for a reviewer with open reviews, and none for one without', async () => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }]);
    const remind = (staffId: string) =>
      harness.as('dora').post(`/admin/forms/${FORM_ID}/progress/${staffId}/remind`, {});

    expect((await remind('rob')).body).toEqual({ queued: true, open: 1 });
    const [message, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      id: outboxId(outboxEvents.reminded(FORM_ID, harness.clock.now), 'rob'),
      to: 'rob@example.com',
      state: 'queued',
    });
    expect(message!.subject).toMatch(/^1 review waiting for you at /);
    expect(message!.text).toContain('you still have 1 review to submit for');
    expect(message!.text).not.toMatch(/1 reviews|1 of your/);
    expect(message!.text).toContain('/admin/reviewer/dashboard/');

    const again = await remind('rob');
    expect([again.status, again.body.error.message]).toEqual([409, REVIEWER_PROGRESS_TEXTS.remindedToday]);
    harness.clock.now = later(harness.clock.now, DAY_MS);
    expect((await remind('rob')).status).toBe(201);
    expect(await outbox()).toHaveLength(2);

    const none = await remind('rita');
    expect([none.status, none.body.error.message]).toEqual([409, REVIEWER_PROGRESS_TEXTS.nothingToRemind]);
    expect((await harness.as('rob').post(`/admin/forms/${FORM_ID}/progress/rob/remind`, {})).status).toBe(403);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/progress/rob/remind`, { now: 1 })).status).toBe(400);
  });

  it('refuses "Remind" once the decisions are released, with the released 409, and the page says it is released', async () => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }]);
    expect((await progress()).decisionsReleased).toBe(false);
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });

    const refused = await harness.as('dora').post(`/admin/forms/${FORM_ID}/progress/rob/remind`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      message: STAFF_MESSAGES.decisionsReleased,
      reason: 'released-read-only',
    });
    expect(await outbox()).toEqual([]);
    expect((await progress()).decisionsReleased).toBe(true);
  });
});

describe('the automatic reminder of overdue reviews', () => {
  const schedulerOn = () =>
    createScheduler({ store: harness.store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });

  it('reaches each reviewer with open reviews once, after the review due date, and not after the release', async () => {
    const ada = await submitApplication(harness, 'ada');
    const eve = await submitApplication(harness, 'eve');
    const [ritaAda] = await assign(harness, [
      { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
      { responseId: eve.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await harness
      .as('rita')
      .post(`/admin/assessments/review/${ritaAda!.id}/submit`, { scores: SCORES, comments: '', version: 0 })
      .expect(200);
    const due = later(START, DAY_MS);
    await updateForm(harness.store, FORM_ID, { reviewDueDate: due.toISOString() });

    // No due date passed yet: nothing.
    harness.clock.now = later(due, -60_000);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(0);
    // Past it: Rob (two open) is reminded; Rita (all submitted) is not. Once, however often it runs.
    harness.clock.now = later(due, 60_000);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(1);
    harness.clock.now = later(due, 3 * DAY_MS);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(0);
    const [reminder, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ id: outboxId(outboxEvents.overdue(FORM_ID), 'rob'), to: 'rob@example.com' });
    expect(reminder!.data.open).toBe('2');
    expect(reminder!.text).toContain('You received this email because you review applications for Example Chapter');
  });

  it('past the due date, reads a few documents a minute, and reaches a reviewer assigned since at the next look', async () => {
    const ada = await submitApplication(harness, 'ada');
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }]);
    const due = later(START, DAY_MS);
    await updateForm(harness.store, FORM_ID, { reviewDueDate: due.toISOString() });
    harness.clock.now = later(due, 60_000);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(1);

    // Rita gets a review after the first look: nothing reads every review or load each minute.
    await assign(harness, [{ responseId: eve.id, role: 'bootcamp', staffId: 'rita' }]);
    harness.clock.now = later(due, 2 * 60_000);
    const counted = countingStore(harness.store);
    const minute = createScheduler({ store: counted, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });
    const { result, counts } = await counted.measure(() => minute.runOnce());
    expect(result.reviewerReminders).toBe(0);
    expect(counts.byCollection[COLLECTIONS.reviews]).toBeUndefined();
    expect(counts.byCollection[COLLECTIONS.staffLoads]).toBeUndefined();
    // Not even its mark: the form's status says its next look is due in an hour (scheduler/form-work.ts).
    expect(counts.byCollection[COLLECTIONS.schedulerMarks]).toBeUndefined();
    expect(counts.byCollection[COLLECTIONS.formStatus]).toEqual({ reads: 1, writes: 0, deletes: 0 });

    harness.clock.now = later(due, 60_000 + OVERDUE_RESCAN_MS);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(1);
    expect((await outbox()).map((message) => message.to).sort()).toEqual(['rita@example.com', 'rob@example.com']);
  });

  it('sends none for a form whose decisions are released', async () => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }]);
    await updateForm(harness.store, FORM_ID, {
      reviewDueDate: later(START, DAY_MS).toISOString(),
      decisionsReleased: true,
    });
    harness.clock.now = later(START, 2 * DAY_MS);
    expect((await schedulerOn().runOnce()).reviewerReminders).toBe(0);
    expect(await outbox()).toEqual([]);
  });
});
