import { STAFF_MESSAGES, type ApplicationResponse, type AutoAssignPreview } from '@portal/shared/domain';
import { staffLoadId, type StaffLoad } from './staff-load';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, later, START, storedResponse, type Harness } from '../testing/api-harness';
import {
  assign,
  dumpStore,
  seedApplication,
  setPreferences,
  storedRow,
  submitApplication,
} from '../testing/staff-fixtures';

let harness: Harness;
let ada: ApplicationResponse;
let ann: ApplicationResponse;
let ben: ApplicationResponse;
let cat: ApplicationResponse;

const at = (seconds: number) => later(START, seconds * 1000).toISOString();

beforeEach(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
  ann = await seedApplication(harness, { id: 'ann', firstName: 'Ann', lastName: 'Able' }, ['bootcamp'], {
    submittedAt: at(1),
  });
  ben = await seedApplication(harness, { id: 'ben', firstName: 'Ben', lastName: 'Baker' }, ['bootcamp'], {
    submittedAt: at(2),
  });
  cat = await seedApplication(harness, { id: 'cat', firstName: 'Cat', lastName: 'Cole' }, ['engineer'], {
    submittedAt: at(3),
  });
  await setPreferences(harness, 'rita', ['bootcamp', 'engineer', 'designer']);
  await setPreferences(harness, 'rob', ['bootcamp', 'designer', 'product']);
  await setPreferences(harness, 'dora', ['bootcamp', 'designer', 'product']);
});
afterEach(() => harness.close());

const preview = async (reviewersPerApplication: number) => {
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication });
  expect(res.status).toBe(200);
  return res.body as AutoAssignPreview;
};
const apply = (reviewersPerApplication: number, planId: string) =>
  harness.as('dora').post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication, planId });
const plan = (preview: AutoAssignPreview) =>
  preview.assignments.map((item) => `${item.applicantName}/${item.role} → ${item.staffId}`);

describe('POST /api/admin/forms/:formId/auto-assign/preview', () => {
  it('balances the load by preference, deterministically, and writes nothing', async () => {
    const before = await dumpStore(harness);
    const first = await preview(1);
    expect(await dumpStore(harness)).toEqual(before);
    expect(plan(first)).toEqual([
      'ada Tester/bootcamp → dora',
      'ada Tester/engineer → rita',
      'Ann Able/bootcamp → rob',
      'Ben Baker/bootcamp → dora',
      'Cat Cole/engineer → rita',
    ]);
    expect(first.unfilled).toEqual([]);
    expect(first.loads).toEqual([
      { staffId: 'dora', staffName: 'dora Tester', before: 0, after: 2 },
      { staffId: 'rita', staffName: 'rita Tester', before: 0, after: 2 },
      { staffId: 'rob', staffName: 'rob Tester', before: 0, after: 1 },
    ]);
    expect(first.planId).toMatch(/^[0-9a-f]{64}$/);
    expect((await preview(1)).planId).toBe(first.planId);
    expect((await preview(2)).planId).not.toBe(first.planId);
  });

  it('counts existing assignments and loads, and lists rows without enough eligible reviewers', async () => {
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const result = await preview(2);
    expect(result.assignments.filter((item) => item.role === 'engineer').map((item) => item.staffId)).toEqual(['rita']);
    expect(result.unfilled).toEqual([
      { responseId: ada.id, role: 'engineer', applicantName: 'ada Tester', missing: 1 },
      { responseId: cat.id, role: 'engineer', applicantName: 'Cat Cole', missing: 1 },
    ]);
    expect(result.loads.find((load) => load.staffId === 'rita')).toMatchObject({ before: 1, after: 3 });
  });

  it('treats a super-reviewer without preferences as eligible for every role', async () => {
    await harness.store.update(COLLECTIONS.users, 'dora', { applicantRolePreferences: [] });
    const result = await preview(2);
    expect(result.unfilled).toEqual([]);
    expect(result.assignments.filter((item) => item.responseId === cat.id).map((item) => item.staffId)).toEqual([
      'dora',
      'rita',
    ]);
  });

  it('never assigns applicants their own application', async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', {
      role: 'reviewer',
      applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
    });
    const result = await preview(4);
    const own = result.assignments.filter((item) => item.responseId === ada.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((item) => item.staffId)).not.toContain('ada');
    expect(result.assignments.filter((item) => item.responseId === ann.id).map((item) => item.staffId)).toContain(
      'ada',
    );
    expect(result.unfilled).toContainEqual({
      responseId: ada.id,
      role: 'bootcamp',
      applicantName: 'ada Tester',
      missing: 1,
    });
  });
});

describe('POST /api/admin/forms/:formId/auto-assign', () => {
  it('applies the previewed plan: assessments, rows, loads and statuses', async () => {
    const previewed = await preview(1);
    const res = await apply(1, previewed.planId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 5 });

    expect((await harness.store.query(COLLECTIONS.reviews)).items).toHaveLength(5);
    for (const item of previewed.assignments) {
      const row = await storedRow(harness, item.responseId, item.role);
      expect(row).toMatchObject({ reviewsAssigned: 1, decision: 'under-review' });
      expect(row?.reviews[0]?.staffId).toBe(item.staffId);
    }
    for (const { staffId, after } of previewed.loads) {
      const load = await harness.store.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(FORM_ID, staffId));
      expect(load?.reviewsAssigned).toBe(after);
    }
    for (const response of [ada, ann, ben, cat]) {
      expect((await storedResponse(harness, response.id))?.status).toBe('in-review');
    }
    const nothingLeft = await preview(1);
    expect(nothingLeft.assignments).toEqual([]);
    expect((await apply(1, nothingLeft.planId)).body).toEqual({ created: 0 });
  });

  it('refuses with 409 when a new application arrived after the preview, writing nothing', async () => {
    const previewed = await preview(1);
    await submitApplication(harness, 'eve');
    const before = await dumpStore(harness);
    const res = await apply(1, previewed.planId);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: STAFF_MESSAGES.planChanged, reason: 'plan-changed' });
    expect(await dumpStore(harness)).toEqual(before);

    const again = await preview(1);
    expect((await apply(1, again.planId)).body).toEqual({ created: 7 });
  });

  it('needs the planId of a preview', async () => {
    const before = await dumpStore(harness);
    const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'planId', message: expect.any(String) }]);
    expect((await apply(1, 'not-a-plan')).status).toBe(409);
    expect(await dumpStore(harness)).toEqual(before);
  });
});
