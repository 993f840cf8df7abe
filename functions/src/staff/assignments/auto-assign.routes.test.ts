import {
  AUTO_ASSIGN_REASONS,
  STAFF_MESSAGES,
  type ApplicationResponse,
  type AutoAssignPreview,
} from '@portal/shared/domain';
import { staffLoadId, type StaffLoad } from '../staff-load';
import { COLLECTIONS } from '../../store/collections';
import { createHarness, FORM_ID, later, START, storedResponse, type Harness } from '../../testing/api-harness';
import {
  assign,
  dumpStore,
  seedApplication,
  setPreferences,
  storedRow,
  submitApplication,
} from '../../testing/staff-fixtures';

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

/** The pool most tests use: the director too (by default only reviewers are in it). */
const EVERYONE = ['dora', 'rita', 'rob'];
/** `staffIds` null: the default pool. */
const pool = (staffIds: string[] | null) => (staffIds ? { staffIds } : {});
const preview = async (reviewersPerApplication: number, staffIds: string[] | null = EVERYONE) => {
  const res = await harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication, ...pool(staffIds) });
  expect(res.status).toBe(200);
  return res.body as AutoAssignPreview;
};
const apply = (reviewersPerApplication: number, planId: string, staffIds: string[] | null = EVERYONE) =>
  harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication, planId, ...pool(staffIds) });
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
      { staffId: 'dora', staffName: 'dora Tester', role: 'super-reviewer', inPool: true, before: 0, after: 2 },
      { staffId: 'rita', staffName: 'rita Tester', role: 'reviewer', inPool: true, before: 0, after: 2 },
      { staffId: 'rob', staffName: 'rob Tester', role: 'reviewer', inPool: true, before: 0, after: 1 },
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
    const result = await preview(4, [...EVERYONE, 'ada']);
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

describe('the pool and the reasons', () => {
  const reasons = (result: AutoAssignPreview) =>
    Object.fromEntries(result.loads.map((load) => [load.staffId, [load.inPool, load.before, load.after, load.reason]]));
  /** Every Bootcamp row has its review (Rita's): only the engineer rows are short. */
  const bootcampTaken = () =>
    assign(
      harness,
      [ada, ann, ben].map((response) => ({ responseId: response.id, role: 'bootcamp', staffId: 'rita' })),
    );

  it('leaves the super-reviewers out by default, and says why each one left with nothing gets nothing', async () => {
    await bootcampTaken();
    // Rob's saved roles are another form's (Treasurer and Events): he is asked to choose again.
    await harness.store.update(COLLECTIONS.users, 'rob', {
      applicantRolePreferences: ['bootcamp', 'treasurer', 'events'],
      rolePreferencesFor: ['bootcamp', 'events', 'treasurer'],
    });
    const result = await preview(1, null);
    expect(result.assignments.map((item) => `${item.applicantName}/${item.role} → ${item.staffId}`)).toEqual([
      'ada Tester/engineer → rita',
      'Cat Cole/engineer → rita',
    ]);
    expect(reasons(result)).toEqual({
      dora: [false, 0, 0, AUTO_ASSIGN_REASONS.notInPool],
      rita: [true, 3, 5, undefined],
      rob: [true, 0, 0, AUTO_ASSIGN_REASONS.rolesToChoose],
    });

    const applied = await apply(1, result.planId, null);
    expect(applied.body).toEqual({ created: 2 });
    expect(reasons(await preview(1, ['rita']))).toMatchObject({
      rita: [true, 5, 5, AUTO_ASSIGN_REASONS.noRows],
      dora: [false, 0, 0, AUTO_ASSIGN_REASONS.notInPool],
    });
  });

  it('names the balance as the reason when others were less loaded', async () => {
    await assign(harness, [{ responseId: ann.id, role: 'bootcamp', staffId: 'rita' }]);
    const result = await preview(1, ['rita', 'rob']);
    expect(reasons(result)).toMatchObject({ rita: [true, 1, 3, undefined], rob: [true, 0, 2, undefined] });
    // Only Ben is short now; Rob (1 review) gets it before Rita (3).
    await assign(harness, [
      { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: cat.id, role: 'engineer', staffId: 'rita' },
    ]);
    const last = await preview(1, ['rita', 'rob']);
    expect(last.assignments.map((item) => `${item.applicantName} → ${item.staffId}`)).toEqual(['Ben Baker → rob']);
    expect(reasons(last).rita).toEqual([true, 3, 3, AUTO_ASSIGN_REASONS.balanced]);
  });

  it("stops naming a reviewer's roles as the reason once they chose this form's", async () => {
    await bootcampTaken();
    await harness.store.update(COLLECTIONS.users, 'rob', {
      applicantRolePreferences: ['bootcamp', 'treasurer', 'events'],
    });
    expect(reasons(await preview(1, null)).rob![3]).toBe(AUTO_ASSIGN_REASONS.rolesToChoose);
    const saved = await harness.as('rob').put('/users/rob/preferences', { roles: ['bootcamp', 'designer', 'product'] });
    expect(saved.status).toBe(200);
    expect(reasons(await preview(1, null)).rob![3]).toBe(AUTO_ASSIGN_REASONS.noRows);
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
