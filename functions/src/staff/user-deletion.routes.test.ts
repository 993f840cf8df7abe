import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  DELETED_REVIEWER,
  MAX_ASSIGNMENTS_PER_REQUEST,
  type ApplicationResponse,
  type ApplicationRowView,
  type Assessment,
  type AuditEntry,
  type InterviewSlot,
  type Page,
  type UserImpact,
} from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import { COLLECTIONS } from '../store/collections';
import {
  completeResponse,
  createHarness,
  FORM_ID,
  startResponse,
  withAnswer,
  type Harness,
} from '../testing/api-harness';
import {
  assign,
  dumpStore,
  publishSlot,
  seedApplications,
  storedRow,
  submitApplication,
} from '../testing/staff-fixtures';
import { staffLoadId, type StaffLoad } from './staff-load';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../users/privacy-notice';

/** Deleting a user: everything of theirs goes in one step; the reviews they wrote stay, anonymised. */

let harness: Harness;
let filesRoot: string;
let ada: ApplicationResponse;
let eve: ApplicationResponse;
let eveFileId: string;

const FULL = { motivation: 4, experience: 2, communication: 3 };
const load = (staffId: string) => harness.store.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(FORM_ID, staffId));
const impact = async (userIds: string[]) => {
  const res = await harness.as('dora').post('/admin/users/impact', { userIds });
  expect(res.status).toBe(200);
  return res.body as UserImpact[];
};

/** eve applies with a real uploaded résumé. */
async function eveApplies(): Promise<ApplicationResponse> {
  const started = await startResponse(harness, 'eve');
  const uploaded = await request(harness.server)
    .post(`/api/files/${started.id}/resume`)
    .set('Authorization', 'Bearer token-eve')
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', 'eve-resume.pdf')
    .send(Buffer.from('%PDF-1.4\neve\n%%EOF\n'));
  expect(uploaded.status).toBe(201);
  eveFileId = uploaded.body.id;
  const complete = withAnswer(await completeResponse(harness, started), 'about-you', 'resume', eveFileId);
  const res = await harness.as('eve').post('/application/submit', complete);
  expect(res.status).toBe(200);
  return res.body as ApplicationResponse;
}

beforeEach(async () => {
  filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deletion-test-'));
  harness = await createHarness({ files: createLocalFileStore({ root: filesRoot }) });
  ada = await submitApplication(harness, 'ada');
  eve = await eveApplies();
});
afterEach(async () => {
  await harness.close();
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

/** Every stored document (audit entries aside) that mentions `text`. */
/** Every value in a document, nested ones too (a user's data is in values, never in field names such as `event`). */
const valuesOf = (data: unknown): string[] =>
  data !== null && typeof data === 'object' ? Object.values(data).flatMap(valuesOf) : [String(data)];

async function mentions(text: string): Promise<string[]> {
  const dump = await dumpStore(harness);
  return Object.entries(dump)
    .filter(([collection]) => collection !== COLLECTIONS.audit)
    .flatMap(([collection, docs]) =>
      Object.entries(docs)
        .filter(([id, data]) => id.includes(text) || valuesOf(data).some((value) => value.includes(text)))
        .map(([id]) => `${collection}/${id}`),
    );
}

describe('deleting an applicant', () => {
  beforeEach(async () => {
    const [rita] = await assign(harness, [
      { responseId: eve.id, role: 'engineer', staffId: 'rita' },
      { responseId: eve.id, role: 'engineer', staffId: 'rob' },
    ]);
    const submitted = await harness
      .as('rita')
      .post(`/admin/assessments/review/${rita!.id}/submit`, { scores: FULL, comments: 'Strong', version: 0 });
    expect(submitted.status).toBe(200);
  });

  it('says what will go before anything is deleted', async () => {
    expect(await impact(['eve'])).toEqual([
      {
        id: 'eve',
        name: 'eve Tester',
        email: 'eve@example.com',
        role: 'applicant',
        applications: 1,
        roleApplications: 2,
        assessmentsAbout: 2,
        // The uploaded résumé; the record the fixture's completed answers carried, which the
        // résumé's answer replaced, went with the submit (no answer named it).
        files: 1,
        submittedAssessments: 0,
        openAssignments: [],
      },
    ]);
  });

  it('deletes their responses, rows, reviews of them, files, index entries and record; the reviewers loads shrink', async () => {
    expect(await mentions('eve')).not.toEqual([]);
    expect((await harness.as('dora').get(`/files/${eveFileId}`)).status).toBe(200);

    // A conflict of interest naming her goes with her too.
    expect((await harness.as('dora').post('/admin/conflicts', { email: 'eve@example.com' })).status).toBe(201);

    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['eve'] });
    expect(res.status).toBe(200);

    expect(await mentions('eve')).toEqual([]);
    expect(await mentions(eve.id)).toEqual([]);
    expect(harness.accounts.accounts.has('eve')).toBe(false);
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 0, reviewsDone: 0 });
    expect(await load('rob')).toMatchObject({ reviewsAssigned: 0, reviewsDone: 0 });
    // ada's application is untouched.
    expect(await storedRow(harness, ada.id, 'engineer')).not.toBeNull();

    const rows = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all`))
      .body as Page<ApplicationRowView>;
    expect(rows.items.map((row) => row.userId)).toEqual(['ada', 'ada']);
    expect(rows.items.every((row) => row.applicantName.trim() !== '')).toBe(true);

    expect((await harness.as('dora').get(`/files/${eveFileId}`)).status).toBe(404);
    const stored = fs.readdirSync(filesRoot, { recursive: true }).map(String);
    expect(stored.filter((name) => name.includes(eveFileId))).toEqual([]);

    const audit = (await harness.store.query(COLLECTIONS.audit)).items.map(
      (item) => item.data as unknown as AuditEntry,
    );
    expect(audit.filter((entry) => entry.action === 'user.deleted')).toEqual([
      expect.objectContaining({
        actorId: 'dora',
        target: { collection: COLLECTIONS.users, id: 'eve' },
        before: { firstName: 'eve', lastName: 'Tester', email: 'eve@example.com', role: 'applicant' },
        after: null,
      }),
    ]);
  });

  it('frees their interview seat: their name leaves the slot and the interviewer, and the slot can be deleted', async () => {
    await harness.as('dora').put(`/admin/rows/${eve.id}/engineer/qualified`, { qualified: true }).expect(200);
    const slot = await publishSlot(harness, { capacity: 1 });
    await harness.as('eve').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }).expect(200);
    expect((await harness.as('rita').get('/admin/interviews/mine')).body.items).toHaveLength(1);

    await harness
      .as('dora')
      .post('/admin/users/delete', { userIds: ['eve'] })
      .expect(200);

    expect(await mentions('eve')).toEqual([]);
    const slots = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/interview-slots`)).body
      .items as InterviewSlot[];
    expect(slots.map((each) => each.bookings)).toEqual([[]]);
    expect((await harness.as('rita').get('/admin/interviews/mine')).body.items).toEqual([]);
    await harness.as('dora').delete(`/admin/forms/${FORM_ID}/interview-slots/${slot.id}`).expect(204);
  });

  it('lets the same email register again and start clean', async () => {
    await harness.as('dora').post('/admin/users/delete', { userIds: ['eve'] });
    const res = await request(harness.server).post('/api/auth/register').send({
      email: 'eve@example.com',
      password: 'another-password-1',
      firstName: 'Eve',
      lastName: 'Again',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe('eve');
    expect(res.body).toMatchObject({ email: 'eve@example.com', role: 'applicant', activeApplications: [] });
    expect(await impact([res.body.id])).toEqual([
      expect.objectContaining({
        applications: 0,
        roleApplications: 0,
        assessmentsAbout: 0,
        files: 0,
        submittedAssessments: 0,
        openAssignments: [],
      }),
    ]);
    expect(await mentions(res.body.id)).toEqual([`${COLLECTIONS.users}/${res.body.id}`]);
  });
});

describe('removing what deleted users left behind', () => {
  it('deletes the rows, responses and reviews of an applicant whose record is gone, so the form can be decided again', async () => {
    const [review] = await assign(harness, [{ responseId: eve.id, role: 'engineer', staffId: 'rita' }]);
    // What an older deployment could leave: the record and the response gone, the rest still there.
    await harness.store.delete(COLLECTIONS.users, 'eve');
    await harness.store.delete(COLLECTIONS.responses, eve.id);
    expect(
      (await harness.as('dora').put(`/admin/rows/${eve.id}/engineer/decision`, { decision: 'accepted' })).status,
    ).toBe(404);

    const res = await harness.as('dora').post('/admin/users/leftovers/delete');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: 1 });

    expect(await mentions('eve')).toEqual([]);
    expect(await harness.store.get(COLLECTIONS.reviews, review!.id)).toBeNull();
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 0 });
    const rows = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all`))
      .body as Page<ApplicationRowView>;
    expect(rows.items.map((row) => row.userId)).toEqual(['ada', 'ada']);
    const audit = (await harness.store.query(COLLECTIONS.audit)).items.map(
      (item) => item.data as unknown as AuditEntry,
    );
    expect(audit.filter((entry) => entry.action === 'user.deleted')).toEqual([
      expect.objectContaining({ target: { collection: COLLECTIONS.users, id: 'eve' } }),
    ]);
    // Nothing more to remove; ada, who has her record, keeps everything.
    expect((await harness.as('dora').post('/admin/users/leftovers/delete')).body).toEqual({ removed: 0 });
    expect(await storedRow(harness, ada.id, 'engineer')).not.toBeNull();
  });
});

describe('deleting a reviewer', () => {
  let submittedId: string;
  let openId: string;
  beforeEach(async () => {
    const [submitted, open] = await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
    ]);
    submittedId = submitted!.id;
    openId = open!.id;
    const res = await harness
      .as('rita')
      .post(`/admin/assessments/review/${submittedId}/submit`, { scores: FULL, comments: 'Keen', version: 0 });
    expect(res.status).toBe(200);
  });

  it('keeps the reviews they submitted, attributed to a deleted reviewer, and unassigns the open ones', async () => {
    expect(await impact(['rita'])).toEqual([
      expect.objectContaining({
        submittedAssessments: 1,
        openAssignments: [
          {
            assessmentId: openId,
            kind: 'review',
            responseId: ada.id,
            role: 'bootcamp',
            applicantName: 'ada Tester',
            state: 'not-started',
          },
        ],
      }),
    ]);
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['rita'] });
    expect(res.status).toBe(200);

    const kept = await harness.store.get<Assessment>(COLLECTIONS.reviews, submittedId);
    expect(kept).toMatchObject({ staffId: 'rita', staffName: DELETED_REVIEWER, state: 'submitted', scores: FULL });
    expect(await harness.store.get(COLLECTIONS.reviews, openId)).toBeNull();
    const engineer = await storedRow(harness, ada.id, 'engineer');
    expect(engineer?.reviews).toEqual([expect.objectContaining({ staffName: DELETED_REVIEWER, comments: 'Keen' })]);
    expect(engineer?.reviewsDone).toBe(1);
    const bootcamp = await storedRow(harness, ada.id, 'bootcamp');
    expect(bootcamp).toMatchObject({ reviews: [], reviewsAssigned: 0, decision: 'not-reviewed' });
    expect(await load('rita')).toBeNull();
    expect(await mentions('rita Tester')).toEqual([]);
  });
});

describe('deleting a reviewer with more work than one commit holds', () => {
  it('keeps all 600 submitted reviews, under a deleted reviewer, and deletes rob', async () => {
    const reviews = 600;
    const responses = await seedApplications(
      harness,
      Array.from({ length: reviews / 2 }, (_, index) => ({
        id: `applicant-${index}`,
        firstName: 'Applicant',
        lastName: `${index}`,
      })),
      ['engineer', 'bootcamp'],
    );
    const specs = responses.flatMap((response) =>
      (['engineer', 'bootcamp'] as const).map((role) => ({ responseId: response.id, role, staffId: 'rob' })),
    );
    const assigned: string[] = [];
    for (let start = 0; start < specs.length; start += MAX_ASSIGNMENTS_PER_REQUEST) {
      assigned.push(
        ...(await assign(harness, specs.slice(start, start + MAX_ASSIGNMENTS_PER_REQUEST))).map((each) => each.id),
      );
    }
    for (const id of assigned) {
      await harness
        .as('rob')
        .post(`/admin/assessments/review/${id}/submit`, { scores: FULL, comments: '', version: 0 })
        .expect(200);
    }

    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['rob'] });
    expect(res.status).toBe(200);

    expect(await harness.store.get(COLLECTIONS.users, 'rob')).toBeNull();
    const stored = (
      await harness.store.query<Assessment>(COLLECTIONS.reviews, { where: [{ field: 'staffId', value: 'rob' }] })
    ).items;
    expect(stored).toHaveLength(reviews);
    expect(stored.every(({ data }) => data.state === 'submitted' && data.staffName === DELETED_REVIEWER)).toBe(true);
    const row = await storedRow(harness, responses[0]!.id, 'engineer');
    expect(row!.reviews).toEqual([expect.objectContaining({ staffName: DELETED_REVIEWER, state: 'submitted' })]);
    expect(row!.reviewScore).not.toBeNull();
    // 600 reviews submitted through the API, one request each: about 10 s alone, three times that
    // beside the other steps of `npm test`.
  }, 90_000);
});
