import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  DELETED_APPLICANT,
  type ApplicationRow,
  type AuditEntry,
  type RetentionDryRun,
  type User,
} from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import type { FileStore } from '../files/file-store';
import { DEFAULT_MAIL_SETTINGS, type OutboxMessage } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import { demoForm } from '../seed/demo-form';
import { COLLECTIONS } from '../store/collections';
import { countingStore } from '../store/counting-store';
import type { DocumentStore } from '../store/document-store';
import { createHarness, DAY_MS, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { seedEverything, tracesOf } from '../testing/erasure-fixtures';
import { seedApplication } from '../testing/staff-fixtures';

/** A form's data retention (docs/product.md#data-retention): the days, the dry run, the notice and the erasure. */

let harness: Harness;
let files: FileStore;
let filesRoot: string;
beforeEach(async () => {
  filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retention-'));
  files = createLocalFileStore({ root: filesRoot });
  harness = await createHarness({ files });
});
afterEach(async () => {
  await harness.close();
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

const RETENTION = `/admin/forms/${FORM_ID}/retention`;
const dryRun = async () => {
  const res = await harness.as('dora').get(RETENTION);
  expect(res.status).toBe(200);
  return res.body as RetentionDryRun;
};
const schedulerOn = (store: DocumentStore = harness.store) =>
  createScheduler({
    store,
    now: () => harness.clock.now,
    mail: DEFAULT_MAIL_SETTINGS,
    erasure: { accounts: harness.accounts, files },
  });
const audit = async (action: string) =>
  (await harness.store.query(COLLECTIONS.audit)).items
    .map((item) => item.data as unknown as AuditEntry)
    .filter((entry) => entry.action === action);
const notices = async () =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
    .map((item) => item.data)
    .filter((message) => message.template === 'retentionNotice');
const publish = (form: object) => harness.as('dora').post('/application/forms', form);
const at = (days: number, ms = 0) => later(START, days * DAY_MS + ms);

/**
 * eve (everything, denied) and kim (denied here, with a draft to another form not released: she
 * keeps her account) are not accepted; ada is. Released at START.
 */
async function releasedCycle() {
  const seeded = await seedEverything(harness, { released: false });
  await publish({ ...demoForm(START), id: 'next-form', semester: 'Next Semester', isActive: false }).expect(201);
  const kim = await seedApplication(harness, { id: 'kim', firstName: 'Kim', lastName: 'Keeper' }, ['designer'], {
    row: { decision: 'denied', final: true },
  });
  const draft = { ...kim, id: randomUUID(), applicationFormId: 'next-form', status: 'in-progress', rolesApplied: [] };
  await harness.store.set(COLLECTIONS.responses, draft.id, draft);
  await harness.store.update(COLLECTIONS.users, 'kim', { activeApplications: [FORM_ID, 'next-form'] });
  await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}).expect(200);
  return { seeded, kim, draft };
}

describe("a form's retention days", () => {
  it('are 180 by default, set with the form, and refused below a week or above ten years', async () => {
    expect((await dryRun()).days).toBe(180);
    const refused = await publish({ ...harness.form, retentionDays: 3 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: 'retentionDays' })]);
    expect((await publish({ ...harness.form, retentionDays: 3651 })).status).toBe(400);
    await publish({ ...harness.form, retentionDays: 30 }).expect(201);
    expect((await dryRun()).days).toBe(30);
    const changed = await audit('form.published');
    expect(changed.at(-1)?.after).toEqual({ 'Data retention (days after the release)': 30 });
  });
});

describe('GET /admin/forms/{formId}/retention', () => {
  it('before the release: nothing is scheduled; what an erasure would remove as decided now', async () => {
    await seedEverything(harness, { released: false });
    expect(await dryRun()).toEqual({
      formId: FORM_ID,
      days: 180,
      state: 'not-released',
      releasedAt: null,
      noticeAt: null,
      erasureAt: null,
      wouldErase: {
        applicants: 1,
        accountsDeleted: 1,
        accountsKept: 0,
        applications: 1,
        uploadedFiles: 1,
        interviewBookings: 1,
        keptAnonymously: {},
      },
      erased: null,
    });
  });

  it('is for super-reviewers only, and 404 for an unknown form', async () => {
    expect((await harness.as('rita').get(RETENTION)).status).toBe(403);
    expect((await harness.as('ada').get(RETENTION)).status).toBe(403);
    expect((await harness.as('dora').get('/admin/forms/nope/retention')).status).toBe(404);
  });
});

describe('the retention of a released form', () => {
  it('tells the super-reviewers a week before, once, then erases those not accepted, once, keeping the counts', async () => {
    const { seeded, kim, draft } = await releasedCycle();
    expect(await dryRun()).toMatchObject({
      state: 'scheduled',
      releasedAt: START.toISOString(),
      noticeAt: at(173).toISOString(),
      erasureAt: at(180).toISOString(),
      wouldErase: {
        applicants: 2,
        accountsDeleted: 1,
        accountsKept: 1,
        applications: 2,
        uploadedFiles: 1,
        // Her booking was of an interview still to come: the release cancelled it.
        interviewBookings: 0,
        keptAnonymously: { engineer: { denied: 1 }, bootcamp: { denied: 1 }, designer: { denied: 1 } },
      },
    });

    harness.clock.now = at(173, -60_000);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 0, retentionErased: 0 });
    expect(await notices()).toEqual([]);

    harness.clock.now = at(173);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 1, retentionErased: 0 });
    harness.clock.now = at(175);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 0, retentionErased: 0 });
    const [notice] = await notices();
    expect(notice).toMatchObject({ to: 'dora@example.com', recipientId: 'dora', state: 'queued' });
    expect(notice!.subject).toContain('Demo Semester');
    expect(notice!.text).toContain('2 applicants');
    expect(notice!.text).toContain(`/admin/dor/forms/${FORM_ID}/edit`);
    expect(await audit('retention.notice-sent')).toHaveLength(1);
    expect((await dryRun()).state).toBe('notice-sent');
    // Nothing is erased before its time.
    expect(await harness.store.get(COLLECTIONS.users, 'eve')).not.toBeNull();

    harness.clock.now = at(180);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionErased: 2 });

    // eve: nothing of hers is left, her identity neither.
    expect(await tracesOf(harness, seeded, filesRoot)).toEqual([]);
    expect(harness.accounts.accounts.has('eve')).toBe(false);
    // kim keeps her account and her draft elsewhere; this form's application is gone.
    expect(await harness.store.get(COLLECTIONS.responses, kim.id)).toBeNull();
    expect(await harness.store.get(COLLECTIONS.responses, draft.id)).not.toBeNull();
    expect(await harness.store.get<User>(COLLECTIONS.users, 'kim')).toMatchObject({
      activeApplications: ['next-form'],
    });
    // ada, accepted, keeps everything.
    expect(await harness.store.get(COLLECTIONS.responses, seeded.other.id)).not.toBeNull();
    // The counts per role and decision stay, anonymous.
    const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
    expect(
      rows
        .filter((row) => row.erased)
        .map((row) => `${row.role} ${row.decision} ${row.applicantName}`)
        .sort(),
    ).toEqual([
      `bootcamp denied ${DELETED_APPLICANT}`,
      `designer denied ${DELETED_APPLICANT}`,
      `engineer denied ${DELETED_APPLICANT}`,
    ]);
    expect(rows.filter((row) => !row.erased).map((row) => row.userId)).toEqual(['ada', 'ada']);

    const [erased] = await audit('retention.erased');
    expect(erased).toMatchObject({
      actorId: 'scheduler',
      target: { collection: COLLECTIONS.forms, id: FORM_ID },
      after: expect.objectContaining({ applicants: 2, accountsDeleted: 1, accountsKept: 1, uploadedFiles: 1 }),
    });
    expect(await dryRun()).toMatchObject({
      state: 'erased',
      wouldErase: { applicants: 0 },
      erased: expect.objectContaining({ applicants: 2, at: at(180).toISOString() }),
    });

    // Nothing twice.
    harness.clock.now = at(181);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 0, retentionErased: 0 });
    expect(await audit('retention.erased')).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
  });

  it('follows a change of the days after the release; the erasure still waits a week after the notice', async () => {
    await releasedCycle();
    const { isActive: _active, decisionsReleased: _released, ...definition } = harness.form;
    await publish({ ...definition, retentionDays: 30 }).expect(201);
    expect(await dryRun()).toMatchObject({ noticeAt: at(23).toISOString(), erasureAt: at(30).toISOString() });

    harness.clock.now = at(23);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 1 });
    // Shortened after the notice: a new notice, and the erasure a week after it, never sooner.
    await publish({ ...definition, retentionDays: 7 }).expect(201);
    harness.clock.now = at(24);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionNotices: 1, retentionErased: 0 });
    expect(await dryRun()).toMatchObject({ state: 'notice-sent', erasureAt: at(31).toISOString() });
    harness.clock.now = at(30);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionErased: 0 });
    harness.clock.now = at(31);
    expect(await schedulerOn().runOnce()).toMatchObject({ retentionErased: 2 });
  });
});

describe("the scheduler's look at the retention", () => {
  it('reads nothing of it in the minutes between two hourly looks', async () => {
    await releasedCycle();
    const counted = countingStore(harness.store);
    const scheduler = schedulerOn(counted);
    const first = await counted.measure(() => scheduler.runOnce());
    expect(first.counts.byCollection[COLLECTIONS.retention]?.reads).toBeGreaterThan(0);
    harness.clock.now = later(harness.clock.now, 59 * 60_000);
    const minute = await counted.measure(() => scheduler.runOnce());
    expect(minute.counts.byCollection[COLLECTIONS.retention]).toBeUndefined();
    harness.clock.now = later(harness.clock.now, 60_000);
    const hourly = await counted.measure(() => scheduler.runOnce());
    // The count of released forms and of records, and the earliest record.
    expect(hourly.counts.byCollection[COLLECTIONS.retention]).toEqual({ reads: 2, writes: 0, deletes: 0 });
  });
});
