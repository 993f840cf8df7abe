import type { AuditEntry, AuditQuery, Page } from '@portal/shared/domain';
import { createScheduler } from '../scheduler/scheduler';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, updateForm, type Harness } from '../testing/api-harness';
import { createMemoryFileStore } from '../testing/memory-file-store';
import { assign, publishSlot, setPreferences, submitApplication } from '../testing/staff-fixtures';

/**
 * The audit log answers "who did what": submissions, auto-assign, reminders, exports, interview
 * slots and bookings, offer replies and form edits are each recorded, named in words, and the
 * log filters by person, action, target kind and days, and exports as CSV.
 */
let harness: Harness;
beforeEach(async () => {
  harness = await createHarness({ files: createMemoryFileStore() });
});
afterEach(() => harness.close());

const all = async () =>
  (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items.map((item) => item.data);
const ofAction = async (action: AuditEntry['action']) => (await all()).filter((entry) => entry.action === action);
const log = async (query: AuditQuery = {}) => {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const res = await harness.as('dora').get(`/admin/audit?${params.toString()}`);
  expect(res.status).toBe(200);
  return res.body as Page<AuditEntry>;
};
const tick = () => {
  harness.clock.now = later(harness.clock.now, 60_000);
};

describe('what the audit log records', () => {
  it('a submitted review: who submitted whose, and its score', async () => {
    const ada = await submitApplication(harness, 'ada');
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const scores = { motivation: 4, experience: 2, communication: 3 };
    const res = await harness
      .as('rita')
      .post(`/admin/assessments/review/${review!.id}/submit`, { scores, comments: 'Strong', version: 0 });
    expect(res.status).toBe(200);

    const [entry, ...others] = await ofAction('assessment.submitted');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: 'rita',
      actorName: 'rita Tester',
      target: { collection: COLLECTIONS.reviews, id: review!.id },
      formId: FORM_ID,
      before: { state: 'not-started', score: null },
      after: { state: 'submitted', score: res.body.score },
    });
    // The comments are the reviewer's: the log keeps the state and score only.
    expect(JSON.stringify(entry)).not.toContain('Strong');
    const [shown] = (await log({ action: 'assessment.submitted' })).items;
    expect(shown!.targetLabel).toMatch(/^Review of ada Tester · .+ by rita Tester$/);
  });

  it('auto-assign is told apart from a manual assignment', async () => {
    await submitApplication(harness, 'ada');
    await setPreferences(harness, 'rob', ['bootcamp', 'engineer', 'designer']);
    const dora = harness.as('dora');
    const preview = await dora.post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 1 });
    const applied = await dora.post(`/admin/forms/${FORM_ID}/auto-assign`, {
      reviewersPerApplication: 1,
      planId: preview.body.planId,
    });
    expect(applied.body.created).toBeGreaterThan(0);
    expect(await ofAction('assignment.auto-created')).toHaveLength(applied.body.created);
    expect(await ofAction('assignment.created')).toEqual([]);
  });

  it('reminders, by the director and by the scheduler once reviews are overdue', async () => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }]);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/progress/rob/remind`, {})).status).toBe(201);
    await updateForm(harness.store, FORM_ID, { reviewDueDate: later(START, DAY_MS).toISOString() });
    harness.clock.now = later(START, 2 * DAY_MS);
    await createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
    }).runOnce();

    const reminders = (await ofAction('reviewer.reminded')).sort((a, b) => a.at.localeCompare(b.at));
    expect(reminders.map(({ actorId, actorName, target, after }) => ({ actorId, actorName, target, after }))).toEqual([
      {
        actorId: 'dora',
        actorName: 'dora Tester',
        target: { collection: COLLECTIONS.users, id: 'rob' },
        after: { reviewer: 'rob Tester', openReviews: 1 },
      },
      {
        actorId: 'scheduler',
        actorName: 'The scheduler',
        target: { collection: COLLECTIONS.users, id: 'rob' },
        after: { reviewer: 'rob Tester', openReviews: 1 },
      },
    ]);
  });

  it('the CSV and ZIP exports, before any byte is sent', async () => {
    await submitApplication(harness, 'ada');
    expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/export/applications.csv`)).status).toBe(200);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/export/files`)).status).toBe(200);
    expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/export/files.zip`)).status).toBe(200);
    expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/export/files.zip`)).status).toBe(403);

    const exports = await ofAction('export.downloaded');
    expect(exports.map((entry) => [entry.actorId, entry.target, (entry.after as { export: string }).export])).toEqual(
      expect.arrayContaining([
        ['dora', { collection: COLLECTIONS.forms, id: FORM_ID }, 'Applications (CSV)'],
        ['dora', { collection: COLLECTIONS.forms, id: FORM_ID }, 'Uploaded files (ZIP)'],
      ]),
    );
    expect(exports).toHaveLength(2);
  });

  it('interview slots and bookings: published, booked, moved, cancelled, deleted', async () => {
    const ada = await submitApplication(harness, 'ada');
    await harness.store.update(COLLECTIONS.reviewStatuses, `${ada.id}__engineer`, { qualified: true });
    const first = await publishSlot(harness);
    tick();
    const second = await publishSlot(harness, { startsAt: later(START, 4 * DAY_MS).toISOString() });
    const booking = `/interviews/${FORM_ID}/booking`;
    tick();
    expect((await harness.as('ada').put(booking, { slotId: first.id })).status).toBe(200);
    tick();
    expect((await harness.as('ada').put(booking, { slotId: second.id })).status).toBe(200);
    tick();
    expect((await harness.as('ada').delete(booking)).status).toBe(200);
    tick();
    expect((await harness.as('dora').delete(`/admin/forms/${FORM_ID}/interview-slots/${first.id}`)).status).toBe(204);

    const slotActions = ['slot.created', 'slot.deleted', 'interview.booked', 'interview.booking-cancelled'];
    const entries = (await all())
      .filter((entry) => slotActions.includes(entry.action))
      .sort((a, b) => a.at.localeCompare(b.at));
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.target.id])).toEqual([
      ['slot.created', 'dora', first.id],
      ['slot.created', 'dora', second.id],
      ['interview.booked', 'ada', first.id],
      ['interview.booked', 'ada', second.id],
      ['interview.booking-cancelled', 'ada', second.id],
      ['slot.deleted', 'dora', first.id],
    ]);
    expect(entries[3]).toMatchObject({
      before: { applicant: 'ada Tester', startsAt: first.startsAt },
      after: { applicant: 'ada Tester', startsAt: second.startsAt },
    });
    const [shown] = (await log({ action: 'slot.deleted' })).items;
    // The slot in words, in the chapter's zone: never its id.
    expect(shown!.targetLabel).toBe('Interview slot of Mar 4, 2026, 7:00 AM EST');
  });

  it("an applicant's reply to an offer", async () => {
    const ada = await submitApplication(harness, 'ada');
    await harness.store.update(COLLECTIONS.reviewStatuses, `${ada.id}__engineer`, { decision: 'accepted' });
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
    const res = await harness.as('ada').post(`/responses/${ada.id}/decisions/engineer/reply`, { reply: 'decline' });
    expect(res.status).toBe(200);
    expect(await ofAction('offer.replied')).toEqual([
      expect.objectContaining({
        actorId: 'ada',
        target: { collection: COLLECTIONS.reviewStatuses, id: `${ada.id}__engineer` },
        formId: FORM_ID,
        before: { offer: 'pending' },
        after: { offer: 'declined' },
      }),
    ]);
  });

  it('a form saved again: every changed field (a rubric weight, blind review), not just its outline', async () => {
    const form = structuredClone(harness.form);
    form.reviewRubrics[0]!.criteria[0]!.weight = 3;
    form.blindReview = { review: true };
    expect((await harness.as('dora').post('/application/forms', form)).status).toBe(201);

    const [entry] = await ofAction('form.published');
    const criterion = harness.form.reviewRubrics[0]!.criteria[0]!;
    const weight = Object.keys(entry!.after as object).find((key) => key.endsWith(`› ${criterion.prompt} › Weight`));
    expect(weight).toMatch(/^Review rubrics › .+ rubric › Criteria › /);
    expect((entry!.before as Record<string, unknown>)[weight!]).toBe(criterion.weight);
    expect((entry!.after as Record<string, unknown>)[weight!]).toBe(3);
    expect(entry!.before).toMatchObject({ 'Blind review › Review': null });
    expect(entry!.after).toMatchObject({ 'Blind review › Review': true });
    expect(Object.keys(entry!.after as object)).toHaveLength(2);
  });

  it('a scheduled release: done by the scheduler, in the name of the director who scheduled it', async () => {
    const ada = await submitApplication(harness, 'ada');
    for (const role of ada.rolesApplied) {
      await harness.store.update(COLLECTIONS.reviewStatuses, `${ada.id}__${role}`, { decision: 'denied', final: true });
    }
    const at = later(START, 60_000).toISOString();
    expect((await harness.as('dora').put(`/admin/forms/${FORM_ID}/release/schedule`, { at })).status).toBe(200);
    harness.clock.now = later(START, 2 * 60_000);
    const run = await createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
    }).runOnce();
    expect(run.released).toEqual([FORM_ID]);

    const [released] = await ofAction('decisions.released');
    expect(released).toMatchObject({ actorId: 'dora', actorName: 'dora Tester', runBy: 'scheduler' });
    expect((await ofAction('release.scheduled'))[0]).not.toHaveProperty('runBy');
  });
});

describe('reading the log', () => {
  /** Entries by dora and rita on two days (Eastern Time), and a conflict declared on the second. */
  async function twoDays() {
    const ada = await submitApplication(harness, 'ada');
    harness.clock.now = new Date('2026-03-02T04:30:00.000Z'); // Mar 1, 11:30 PM Eastern
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    harness.clock.now = new Date('2026-03-02T05:30:00.000Z'); // Mar 2, 12:30 AM Eastern
    const scores = { motivation: 4, experience: 2, communication: 3 };
    await harness
      .as('rita')
      .post(`/admin/assessments/review/${review!.id}/submit`, { scores, comments: '', version: 0 });
    harness.clock.now = new Date('2026-03-02T15:00:00.000Z');
    const conflict = await harness
      .as('dora')
      .post('/admin/conflicts', { email: 'eve@example.com', reason: '=HYPERLINK("http://evil.example")' });
    expect(conflict.status).toBe(201);
  }

  it('filters by person, action and target kind on the server', async () => {
    await twoDays();
    expect((await log({ actorId: 'rita' })).items.map((entry) => entry.action)).toEqual(['assessment.submitted']);
    expect((await log({ target: 'conflict' })).items.map((entry) => entry.action)).toEqual(['conflict.declared']);
    const dora = await log({ actorId: 'dora', target: 'review', action: 'assignment.created' });
    expect([dora.total, dora.items[0]!.action]).toEqual([1, 'assignment.created']);
    expect((await log({ actorId: 'nobody' })).total).toBe(0);
  });

  it('filters by days in the chapter’s zone, and pages through them', async () => {
    await twoDays();
    const first = await log({ from: '2026-03-01', to: '2026-03-01' });
    expect(first.items.map((entry) => entry.action)).toEqual(['assignment.created']);
    const second = await log({ from: '2026-03-02', limit: 1 });
    expect([second.total, second.items[0]!.action]).toEqual([2, 'conflict.declared']);
    const next = await log({ from: '2026-03-02', limit: 1, cursor: second.nextCursor! });
    expect([next.items[0]!.action, next.nextCursor]).toEqual(['assessment.submitted', null]);
    expect((await harness.as('dora').get('/admin/audit?from=2026-3-2')).status).toBe(400);
    expect((await harness.as('dora').get('/admin/audit?cursor=d|nonsense')).status).toBe(400);
  });

  it('names every target in words: a conflict by who and with whom, never its stored id', async () => {
    await twoDays();
    const [conflict] = (await log({ action: 'conflict.declared' })).items;
    expect(conflict!.targetLabel).toBe('Conflict of interest: dora Tester with eve@example.com');
    expect(JSON.stringify((await log()).items.map((entry) => entry.targetLabel))).not.toContain(COLLECTIONS.conflicts);
  });

  it('exports the filtered log as CSV, formula-safe, for super-reviewers only', async () => {
    // A name a spreadsheet would run as a formula.
    await harness.store.update(COLLECTIONS.users, 'dora', { firstName: '=2+3' });
    await twoDays();
    const res = await harness.as('dora').get('/admin/audit/export.csv?target=conflict');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit log 2026-03-0\d\.csv"/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('When,Who,Action,Target,Form,Before,After');
    expect(lines).toHaveLength(2);
    // The text a spreadsheet would run as a formula starts with an apostrophe (the applications' export does the same).
    expect(lines[1]).toContain(`"Mar 2, 2026, 10:00 AM EST",'=2+3 Tester,Conflict of interest declared`);
    expect(lines[1]).not.toMatch(/,"?=/);
    expect((await harness.as('rita').get('/admin/audit/export.csv')).status).toBe(403);
  });
});
