import {
  RELEASE_SCHEDULE_MESSAGES,
  STAFF_MESSAGES,
  type AuditEntry,
  type ApplicationForm,
  type ReleaseDryRun,
  type ReleaseProgress,
  type ReleaseScheduleAnswer,
} from '@portal/shared/domain';
import { formStatusOf } from '../forms/form-status';
import { DEFAULT_MAIL_SETTINGS, outboxEvents, outboxId, type OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import {
  createHarness,
  FORM_ID,
  later,
  seededHarnesses,
  START,
  startResponse,
  testUser,
  updateForm,
  type Harness,
} from '../testing/api-harness';
import { assign, seedApplication, seedApplications, submitApplication } from '../testing/staff-fixtures';
import { RELEASE_MESSAGES_PER_TRANSACTION } from '../staff/decisions/row-decisions.service';
import { DRAFT_REMINDER_BEFORE_MS } from './draft-reminders';
import { createScheduler } from './scheduler';

const HOUR = 60 * 60 * 1000;
type StoredAudit = AuditEntry & Record<string, unknown>;
const SCHEDULE = `/admin/forms/${FORM_ID}/release/schedule`;

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const schedulerOn = (store: DocumentStore = harness.store) =>
  createScheduler({ store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });
const form = async () => (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
const messages = async (store: DocumentStore = harness.store) =>
  (await store.query<OutboxMessage>(COLLECTIONS.outbox)).items.map((item) => item.data);
const auditActions = async () =>
  (await harness.store.query<StoredAudit>(COLLECTIONS.audit)).items.map((item) => item.data.action);

async function decideEverything(decision = 'accepted') {
  const rows = (await harness.store.query<{ responseId: string; role: string }>(COLLECTIONS.reviewStatuses)).items;
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/decision`, {
    rows: rows.map(({ data }) => ({ responseId: data.responseId, role: data.role })),
    decision,
  });
  expect(res.status).toBe(200);
}

describe('scheduled release', () => {
  it('stores the time in UTC, and the scheduler releases at that time (not before), in the name of who scheduled it', async () => {
    await submitApplication(harness, 'ada');
    await decideEverything();
    const res = await harness.as('dora').put(SCHEDULE, { at: '2026-03-02T09:00:00-05:00' });
    expect(res.status).toBe(200);
    expect((res.body as ReleaseScheduleAnswer).schedule).toMatchObject({
      at: '2026-03-02T14:00:00.000Z',
      state: 'scheduled',
      scheduledById: 'dora',
    });

    harness.clock.now = new Date('2026-03-02T13:59:00.000Z');
    expect((await schedulerOn().runOnce()).released).toEqual([]);
    expect((await form()).decisionsReleased).toBe(false);

    harness.clock.now = new Date('2026-03-02T14:00:00.000Z');
    expect((await schedulerOn().runOnce()).released).toEqual([FORM_ID]);
    expect((await form()).decisionsReleased).toBe(true);
    expect((await harness.as('dora').get(SCHEDULE)).body.schedule.state).toBe('released');
    expect((await messages()).map((m) => m.id)).toContain(outboxId(outboxEvents.released(FORM_ID), 'ada'));
    const released = (await harness.store.query<StoredAudit>(COLLECTIONS.audit)).items.find(
      (item) => item.data.action === 'decisions.released',
    );
    expect(released?.data.actorId).toBe('dora');
    // Run again: nothing happens twice.
    expect(await schedulerOn().runOnce()).toMatchObject({ released: [], releaseFailed: [] });
  });

  it('closes the form to saves as the button does: the release writes the form status with the form', async () => {
    await submitApplication(harness, 'ada');
    await decideEverything();
    const draft = await startResponse(harness, 'eve');
    await harness.as('dora').put(SCHEDULE, { at: later(START, HOUR).toISOString() });
    harness.clock.now = later(START, 2 * HOUR);
    expect((await schedulerOn().runOnce()).released).toEqual([FORM_ID]);
    expect(await harness.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(await form()));
    const saved = await harness.as('eve').put(`/application/save/${draft.id}`, draft);
    expect(saved.status).toBe(403);
    expect(saved.body.error.reason).toBe('released');
  });

  it('checks the guard again at that moment: undecided rows leave it failed with the reason, visible and audited', async () => {
    await submitApplication(harness, 'ada');
    await harness.as('dora').put(SCHEDULE, { at: later(START, HOUR).toISOString() });
    harness.clock.now = later(START, 2 * HOUR);
    expect((await schedulerOn().runOnce()).releaseFailed).toEqual([FORM_ID]);
    expect((await form()).decisionsReleased).toBe(false);
    const { schedule } = (await harness.as('dora').get(SCHEDULE)).body as ReleaseScheduleAnswer;
    expect(schedule).toMatchObject({ state: 'failed' });
    expect(schedule!.reason).toMatch(
      /^Decisions cannot be released while \d+ role applications? from 1 applicant (is|are) undecided$/,
    );
    const failed = (await harness.store.query<StoredAudit>(COLLECTIONS.audit)).items.find(
      (item) => item.data.action === 'release.schedule-failed',
    );
    expect(failed?.data.after).toMatchObject({ state: 'failed', reason: schedule!.reason });
    // Not tried again until rescheduled.
    await decideEverything();
    expect((await schedulerOn().runOnce()).released).toEqual([]);
    await harness.as('dora').put(SCHEDULE, { at: later(harness.clock.now, HOUR).toISOString() });
    harness.clock.now = later(harness.clock.now, 2 * HOUR);
    expect((await schedulerOn().runOnce()).released).toEqual([FORM_ID]);
  });

  it('can be moved and cancelled (audited); a cancelled release does not run', async () => {
    await submitApplication(harness, 'ada');
    await decideEverything();
    await harness.as('dora').put(SCHEDULE, { at: later(START, HOUR).toISOString() });
    await harness.as('dora').put(SCHEDULE, { at: later(START, 3 * HOUR).toISOString() });
    harness.clock.now = later(START, 2 * HOUR);
    expect((await schedulerOn().runOnce()).released).toEqual([]);
    expect((await harness.as('dora').delete(SCHEDULE)).status).toBe(204);
    expect((await harness.as('dora').get(SCHEDULE)).body).toEqual({ schedule: null });
    expect((await harness.as('dora').delete(SCHEDULE)).status).toBe(404);
    harness.clock.now = later(START, 4 * HOUR);
    expect((await schedulerOn().runOnce()).released).toEqual([]);
    expect((await form()).decisionsReleased).toBe(false);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['release.scheduled', 'release.scheduled', 'release.unscheduled']),
    );
  });

  it('survives a restart: the schedule is stored, and a time missed while down runs at the next start', async () => {
    await submitApplication(harness, 'ada');
    await decideEverything();
    await harness.as('dora').put(SCHEDULE, { at: later(START, HOUR).toISOString() });
    // A scheduler made later (a new process on the same store), well past the time.
    harness.clock.now = later(START, 30 * HOUR);
    expect((await schedulerOn().runOnce()).released).toEqual([FORM_ID]);
  });

  it('refuses a time in the past or not a time (400 naming the field), and a released form (409)', async () => {
    const past = await harness.as('dora').put(SCHEDULE, { at: later(START, -60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.details).toEqual([{ path: 'at', message: RELEASE_SCHEDULE_MESSAGES.inPast }]);
    const garbage = await harness.as('dora').put(SCHEDULE, { at: 'tomorrow' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.details[0].path).toBe('at');
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
    expect((await harness.as('dora').put(SCHEDULE, { at: later(START, HOUR).toISOString() })).status).toBe(409);
    expect(await harness.store.get(COLLECTIONS.releaseSchedules, FORM_ID)).toBeNull();
  });
});

describe('the dry run', () => {
  it('tells whether the guard passes and how many messages of each kind the release would send, writing nothing', async () => {
    await submitApplication(harness, 'ada');
    await submitApplication(harness, 'eve');
    const blocked = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/release/dry-run`)).body as ReleaseDryRun;
    expect(blocked).toMatchObject({ guardPasses: false, released: false, messages: { decisionReleased: 2 } });
    expect(blocked.undecided.applicants).toBe(2);
    await decideEverything();
    const before = await messages();
    const ready = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/release/dry-run`)).body as ReleaseDryRun;
    expect(ready).toMatchObject({ guardPasses: true, messages: { decisionReleased: 2 } });
    expect(await messages()).toEqual(before);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
    const decisionMessages = (await messages()).filter((m) => m.template === 'decisionReleased');
    expect(decisionMessages).toHaveLength(ready.messages.decisionReleased!);
    expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/release/dry-run`)).body).toMatchObject({
      guardPasses: false,
      released: true,
      messages: { decisionReleased: 0 },
    });
  });
});

/** `count` applicants, each with one decided row. */
async function seedDecided(into: Harness, count: number) {
  await seedApplications(
    into,
    Array.from({ length: count }, (_, index) => ({
      id: `bulk-${index}`,
      firstName: `Bulk${index}`,
      lastName: 'Applicant',
    })),
    ['engineer'],
    { row: { decision: 'accepted', final: true } },
  );
}

describe('a release of more than 450 applicants', () => {
  const APPLICANTS = 460;
  // Seeded once for the file: each test that needs them runs on a copy of the seeded store.
  const seeded = seededHarnesses((seeding) => seedDecided(seeding, APPLICANTS));
  async function seedDecidedCopy(options?: { jobInlineMs: number }) {
    await harness.close();
    harness = await seeded(options);
  }

  it('writes one decision message per applicant, in batches under the commit limit', async () => {
    await seedDecidedCopy();
    const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {});
    expect(res.status).toBe(200);
    const decisions = (await messages()).filter((m) => m.template === 'decisionReleased');
    expect(decisions).toHaveLength(APPLICANTS);
    expect(new Set(decisions.map((m) => m.to)).size).toBe(APPLICANTS);
    expect(await harness.store.get(COLLECTIONS.jobs, FORM_ID)).toMatchObject({ state: 'done' });
  });

  it('resumes after a crash midway without duplicates (the scheduler finishes the job)', async () => {
    await seedDecidedCopy();
    // The store dies after the release and its first batch: later message batches fail.
    let outboxCommits = 0;
    const crashing: DocumentStore = {
      ...harness.store,
      transaction: (work) =>
        harness.store.transaction(async (tx) => {
          let writesOutbox = false;
          const result = await work({
            ...tx,
            get: (c, id) => tx.get(c, id),
            count: (c, where) => tx.count(c, where),
            set: (c, id, data) => tx.set(c, id, data),
            update: (c, id, patch) => tx.update(c, id, patch),
            delete: (c, id) => tx.delete(c, id),
            create: (c, id, data) => {
              writesOutbox ||= c === COLLECTIONS.outbox;
              tx.create(c, id, data);
            },
          });
          if (writesOutbox && ++outboxCommits > 1) throw new Error('crashed');
          return result;
        }),
    };
    const crashed = schedulerOn(crashing);
    await expect(crashed.decisions.release(FORM_ID, testUser('dora', 'super-reviewer'))).rejects.toThrow('crashed');
    expect((await form()).decisionsReleased).toBe(true);
    expect(await messages()).toHaveLength(RELEASE_MESSAGES_PER_TRANSACTION);
    expect(await harness.store.get(COLLECTIONS.jobs, FORM_ID)).toMatchObject({ state: 'writing' });

    const run = await schedulerOn().runOnce();
    expect(run.releaseMessages).toBe(APPLICANTS - RELEASE_MESSAGES_PER_TRANSACTION);
    const all = await messages();
    expect(all).toHaveLength(APPLICANTS);
    expect(new Set(all.map((m) => m.id)).size).toBe(APPLICANTS);
    expect((await schedulerOn().runOnce()).releaseMessages).toBe(0);
  });

  it('answers 202 once its time in the request is up, goes on by itself, and says how far it is', async () => {
    await seedDecidedCopy({ jobInlineMs: 0 });
    const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: FORM_ID, decisionsReleased: true });

    const path = `/admin/forms/${FORM_ID}/release/progress`;
    const progress = async () => (await harness.as('dora').get(path)).body as ReleaseProgress;
    const first = await progress();
    expect(first.total).toBe(APPLICANTS);
    expect(first.processed).toBeGreaterThanOrEqual(RELEASE_MESSAGES_PER_TRANSACTION);
    const seen = [first.processed];
    // Two scheduler runs go through the same job meanwhile: each batch is written by one run only.
    const [one, two] = await Promise.all([schedulerOn().runOnce(), schedulerOn().runOnce()]);
    expect(one.releaseMessages + two.releaseMessages).toBeLessThanOrEqual(
      APPLICANTS - RELEASE_MESSAGES_PER_TRANSACTION,
    );
    for (let tries = 0; (await progress()).state !== 'done'; tries += 1) {
      expect(tries).toBeLessThan(200);
      seen.push((await progress()).processed);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await progress()).toEqual({ state: 'done', processed: APPLICANTS, total: APPLICANTS });
    const all = await messages();
    expect(all).toHaveLength(APPLICANTS);
    expect(new Set(all.map((m) => m.id)).size).toBe(APPLICANTS);
    expect((await schedulerOn().runOnce()).releaseMessages).toBe(0);
    expect((await harness.as('rita').get(path)).status).toBe(403);
  });

  it('has no progress to show for a form never released', async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/release/progress`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.noReleaseJob);
  });

  it('writes no message when the release is refused', async () => {
    await seedDecidedCopy();
    await seedApplication(harness, { id: 'late', firstName: 'Late', lastName: 'Applicant' }, ['engineer']);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(409);
    expect(await messages()).toEqual([]);
    expect(await harness.store.get(COLLECTIONS.jobs, FORM_ID)).toBeNull();
  });
});

describe('the 48 h draft reminder', () => {
  async function startDraft(caller: 'ada' | 'eve') {
    const res = await harness.as(caller).post('/responses', { formId: FORM_ID });
    expect(res.status).toBeLessThan(300);
  }

  it('reaches each applicant with an unsubmitted draft once, 48 h before the due date, with the due date in the zone', async () => {
    const due = later(START, 100 * HOUR);
    await updateForm(harness.store, FORM_ID, { dueDate: due.toISOString() });
    await startDraft('ada');
    await submitApplication(harness, 'eve');

    harness.clock.now = later(due, -DRAFT_REMINDER_BEFORE_MS - HOUR);
    expect((await schedulerOn().runOnce()).draftReminders).toBe(0);

    harness.clock.now = later(due, -DRAFT_REMINDER_BEFORE_MS + HOUR);
    expect((await schedulerOn().runOnce()).draftReminders).toBe(1);
    expect((await schedulerOn().runOnce()).draftReminders).toBe(0);
    harness.clock.now = later(due, -HOUR);
    expect((await schedulerOn().runOnce()).draftReminders).toBe(0);

    const reminders = (await messages()).filter((m) => m.template === 'draftReminder');
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder).toMatchObject({ id: outboxId(outboxEvents.draftReminder(FORM_ID), 'ada'), to: 'ada@example.com' });
    expect(reminder!.data.dueDate).toMatch(/E[SD]T$/);
    expect(reminder!.text).toContain(reminder!.data.dueDate);
    expect(reminder!.text).toContain('Example Chapter');
    expect(reminder!.text).toContain('You received this email because you started an application to Example Chapter');
  });

  it("uses the form's own template", async () => {
    const due = later(START, 10 * HOUR);
    await updateForm(harness.store, FORM_ID, {
      dueDate: due.toISOString(),
      messages: { draftReminder: { subject: 'Hurry, {firstName}', body: 'Due {dueDate}: {applicationLink}' } },
    });
    await startDraft('ada');
    await schedulerOn().runOnce();
    const [reminder] = (await messages()).filter((m) => m.template === 'draftReminder');
    expect(reminder!.subject).toBe('Hurry, ada');
    expect(reminder!.text).toContain('/apply');
  });

  it('skips a form past its due date and a released form', async () => {
    const due = later(START, 10 * HOUR);
    await updateForm(harness.store, FORM_ID, { dueDate: due.toISOString() });
    await startDraft('ada');
    harness.clock.now = later(due, HOUR);
    expect((await schedulerOn().runOnce()).draftReminders).toBe(0);
    harness.clock.now = START;
    await updateForm(harness.store, FORM_ID, { decisionsReleased: true });
    expect((await schedulerOn().runOnce()).draftReminders).toBe(0);
    await updateForm(harness.store, FORM_ID, { decisionsReleased: false });
    expect((await schedulerOn().runOnce()).draftReminders).toBe(1);
  });
});

describe('one tick', () => {
  it('reads the forms once for both reminders (drafts and overdue reviews)', async () => {
    const due = later(START, 10 * HOUR);
    await updateForm(harness.store, FORM_ID, {
      dueDate: due.toISOString(),
      reviewDueDate: later(START, -HOUR).toISOString(),
    });
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [{ responseId: eve.id, role: 'bootcamp', staffId: 'rob' }]);
    expect((await harness.as('ada').post('/responses', { formId: FORM_ID })).status).toBeLessThan(300);

    const formReads: unknown[] = [];
    const counting: DocumentStore = {
      ...harness.store,
      query: (collection, spec) => {
        if (collection === COLLECTIONS.forms) formReads.push(spec);
        return harness.store.query(collection, spec);
      },
      // The forms whose work has come are read by id (scheduler/form-work.ts).
      get: (collection, id) => {
        if (collection === COLLECTIONS.forms) formReads.push(id);
        return harness.store.get(collection, id);
      },
    };
    expect(await schedulerOn(counting).runOnce()).toMatchObject({ draftReminders: 1, reviewerReminders: 1 });
    expect(formReads).toHaveLength(1);
  });
});

describe('resending a failed email', () => {
  async function failedMessage() {
    await submitApplication(harness, 'ada');
    const [message] = await messages();
    await harness.store.update(COLLECTIONS.outbox, message!.id, {
      state: 'failed',
      attempts: 5,
      lastError: 'SMTP said no',
    });
    return message!.id;
  }

  it('queues it again from zero attempts (super-reviewer only, audited)', async () => {
    const id = await failedMessage();
    const path = `/admin/outbox/${encodeURIComponent(id)}/resend`;
    expect((await harness.as('rita').post(path, {})).status).toBe(403);
    const res = await harness.as('dora').post(path, {});
    expect(res.status).toBe(200);
    expect(await harness.store.get(COLLECTIONS.outbox, id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: harness.clock.now.toISOString(),
    });
    expect(await auditActions()).toContain('email.resent');
    // Only a failed one: now it is queued.
    expect((await harness.as('dora').post(path, {})).status).toBe(409);
    expect((await harness.as('dora').post('/admin/outbox/nope/resend', {})).status).toBe(404);
    expect((await harness.as('dora').post(path, { force: true })).status).toBe(400);
  });
});
