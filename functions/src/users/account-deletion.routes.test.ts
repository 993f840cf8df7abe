import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_APPLICANT,
  type AccountDeletionPreview,
  type ApplicationRow,
  type AuditEntry,
  type Page,
  type ApplicationRowView,
} from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import { ERASED_ID } from '../staff/audit-anonymisation';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, startResponse, type Harness } from '../testing/api-harness';
import { seedEverything, tracesOf } from '../testing/erasure-fixtures';
import { dumpState } from '../testing/raw-requests';

/** An applicant deleting their own account (docs/product.md#deleting-your-account). */

let harness: Harness;
let filesRoot: string;
beforeEach(async () => {
  filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-own-deletion-'));
  harness = await createHarness({ files: createLocalFileStore({ root: filesRoot }) });
});
afterEach(async () => {
  await harness.close();
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

const audit = async () =>
  (await harness.store.query(COLLECTIONS.audit)).items.map((item) => item.data as unknown as AuditEntry);
const rows = async () =>
  (await harness.store.query(COLLECTIONS.reviewStatuses)).items.map((item) => item.data as unknown as ApplicationRow);

describe('GET /auth/deletion', () => {
  it('lists what goes: each application and what deletion means for it, files, bookings and emails', async () => {
    await seedEverything(harness, { released: false });
    const res = await harness.as('eve').get('/auth/deletion');
    expect(res.status).toBe(200);
    expect(res.body as AccountDeletionPreview).toEqual({
      email: 'eve@example.com',
      applications: [{ formId: FORM_ID, semester: harness.form.semester, outcome: 'withdrawn' }],
      uploadedFiles: 1,
      interviewBookings: 1,
      // The receipt, the invitation and the booking's confirmation to her; the booking's and the note's emails to rita
      // about her, and rita's digest listing her.
      emails: 6,
    });
  });

  it('says a draft is deleted, and a released application counts anonymously', async () => {
    await startResponse(harness, 'ada');
    expect((await harness.as('ada').get('/auth/deletion')).body.applications).toEqual([
      { formId: FORM_ID, semester: harness.form.semester, outcome: 'draft' },
    ]);
    await seedEverything(harness, { released: true });
    expect((await harness.as('eve').get('/auth/deletion')).body.applications).toEqual([
      { formId: FORM_ID, semester: harness.form.semester, outcome: 'counted-anonymously' },
    ]);
  });

  it('answers staff that a super-reviewer deletes them', async () => {
    for (const caller of ['rita', 'dora'] as const) {
      const res = await harness.as(caller).get('/auth/deletion');
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(ACCOUNT_DELETION_MESSAGES.staff);
    }
  });
});

describe('POST /auth/delete', () => {
  it('refuses anything but the confirmation word, and staff, writing nothing', async () => {
    await seedEverything(harness, { released: false });
    const before = await dumpState(harness);
    for (const confirmation of ['', 'delete', 'eve@example.com', 'DELETE ME']) {
      const res = await harness.as('eve').post('/auth/delete', { confirmation });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { path: 'confirmation', message: ACCOUNT_DELETION_MESSAGES.confirmation },
      ]);
    }
    expect((await harness.as('eve').post('/auth/delete', {})).status).toBe(400);
    expect((await harness.as('rita').post('/auth/delete', { confirmation: 'DELETE' })).status).toBe(403);
    expect(await dumpState(harness)).toEqual(before);
    expect(harness.accounts.accounts.has('eve')).toBe(true);
  });

  it('erases everything of theirs, withdraws the application under review, and ends the sign-in', async () => {
    const seeded = await seedEverything(harness, { released: false });
    expect(await tracesOf(harness, seeded, filesRoot)).not.toEqual([]);

    const res = await harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    expect(await tracesOf(harness, seeded, filesRoot)).toEqual([]);
    expect(harness.accounts.accounts.has('eve')).toBe(false);
    // Withdrawn from review: no row of hers is left, the form's other applicant is untouched.
    expect((await rows()).map((row) => row.userId)).toEqual(['ada', 'ada']);
    // Her session ends with her account.
    expect((await harness.as('eve').get('/session')).status).toBe(401);
    // The deletion's own entry names no one.
    expect((await audit()).filter((entry) => entry.action === 'account.deleted')).toEqual([
      expect.objectContaining({
        actorId: ERASED_ID,
        actorName: DELETED_APPLICANT,
        target: { collection: COLLECTIONS.users, id: ERASED_ID },
        before: { applications: 1, forms: [FORM_ID] },
      }),
    ]);
    expect((await audit()).filter((entry) => entry.action === 'user.deleted')).toEqual([]);
  });

  it('keeps a released form its counts: her rows stay, anonymous, with their decision', async () => {
    const seeded = await seedEverything(harness, { released: true, decision: 'waitlist' });
    await harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);

    expect(await tracesOf(harness, seeded, filesRoot)).toEqual([]);
    const kept = (await rows()).filter((row) => row.userId === '');
    expect(kept.map((row) => [row.role, row.decision]).sort()).toEqual([
      ['bootcamp', 'waitlist'],
      ['engineer', 'waitlist'],
    ]);
    expect(kept[0]).toMatchObject({
      applicantName: DELETED_APPLICANT,
      applicantEmail: '',
      searchTokens: [],
      reviews: [],
      erased: true,
    });
    // One stand-in id for her application, no longer hers.
    expect(new Set(kept.map((row) => row.responseId)).size).toBe(1);
    expect(kept[0]!.responseId).not.toBe(seeded.response.id);
    const page = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&limit=10`))
      .body as Page<ApplicationRowView>;
    expect(page.total).toBe(4);
    expect(page.items.filter((row) => row.applicantName === DELETED_APPLICANT)).toHaveLength(2);
    // A search by her name finds nothing.
    expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&search=zelda`)).body.total).toBe(0);
    // The export counts her rows, anonymous; the repair of deleted users' leftovers takes them for no one's.
    const csv = await harness.as('dora').get(`/admin/forms/${FORM_ID}/export/applications.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.split(DELETED_APPLICANT)).toHaveLength(3);
    expect(csv.text).not.toMatch(/Zelda|eve@example\.com/);
    expect((await harness.as('dora').post('/admin/users/leftovers/delete')).body).toEqual({ removed: 0 });
    expect(await rows()).toHaveLength(4);
  });

  it('counts an accepted applicant’s unanswered offer as declined', async () => {
    await seedEverything(harness, { released: true });
    await harness.as('ada').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);
    const kept = (await rows()).filter((row) => row.erased);
    expect(kept.map((row) => [row.role, row.decision, row.offer])).toEqual(
      expect.arrayContaining([
        ['engineer', 'accepted', 'declined'],
        ['bootcamp', 'accepted', 'declined'],
      ]),
    );
    expect(harness.accounts.accounts.has('ada')).toBe(false);
  });
});
