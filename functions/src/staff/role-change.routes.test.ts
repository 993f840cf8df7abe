import {
  STAFF_MESSAGES,
  type ApplicationResponse,
  type Assessment,
  type AuditEntry,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';
import { assign, dumpStore, setPreferences, storedRow, submitApplication } from '../testing/staff-fixtures';
import { staffLoadId, type StaffLoad } from './staff-load';

/** Demoting a reviewer moves their open reviews and interviews in the role change's own transaction. */

let harness: Harness;
let ada: ApplicationResponse;
let eve: ApplicationResponse;
let engineerId: string;
let bootcampId: string;
let submittedId: string;

const FULL = { motivation: 4, experience: 2, communication: 3 };
const load = (staffId: string) => harness.store.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(FORM_ID, staffId));
const assessments = async () =>
  [
    ...(await harness.store.query<Assessment>(COLLECTIONS.reviews)).items,
    ...(await harness.store.query<Assessment>(COLLECTIONS.interviews)).items,
  ].map((item) => item.data);

/** Every assessment not submitted belongs to a reviewer or a super-reviewer. */
async function openWorkOnNonStaff(): Promise<Assessment[]> {
  const open = (await assessments()).filter((each) => each.state !== 'submitted');
  const roles = await Promise.all(
    open.map(async (each) => (await harness.store.get<User>(COLLECTIONS.users, each.staffId))?.role),
  );
  return open.filter((_, index) => roles[index] === 'applicant' || roles[index] === undefined);
}

beforeEach(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
  eve = await submitApplication(harness, 'eve');
  await setPreferences(harness, 'rita', ['bootcamp', 'engineer', 'designer']);
  await setPreferences(harness, 'rob', ['bootcamp', 'engineer', 'product']);
  const [engineer, bootcamp, submitted] = await assign(harness, [
    { responseId: ada.id, role: 'engineer', staffId: 'rita' },
    { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
    { responseId: eve.id, role: 'engineer', staffId: 'rita' },
    // dora already has one review of this form; rob has none.
    { responseId: eve.id, role: 'bootcamp', staffId: 'dora' },
  ]);
  engineerId = engineer!.id;
  bootcampId = bootcamp!.id;
  submittedId = submitted!.id;
  // A draft with scores, and a submitted review that stays rita's.
  expect(
    (
      await harness
        .as('rita')
        .put(`/admin/assessments/review/${bootcampId}`, { scores: FULL, comments: 'x', version: 0 })
    ).status,
  ).toBe(200);
  expect(
    (
      await harness
        .as('rita')
        .post(`/admin/assessments/review/${submittedId}/submit`, { scores: FULL, comments: '', version: 0 })
    ).status,
  ).toBe(200);
});
afterEach(() => harness.close());

describe('POST /api/admin/users/role, demoting a reviewer with open work', () => {
  it('lists the open reviews and changes nothing when no choice is given', async () => {
    const before = await dumpStore(harness);
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['rita'], role: 'applicant' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.openAssignments(2));
    expect(res.body.error.details).toEqual([
      expect.objectContaining({
        id: 'rita',
        submittedAssessments: 1,
        openAssignments: expect.arrayContaining([
          expect.objectContaining({ assessmentId: engineerId, role: 'engineer', state: 'not-started' }),
          expect.objectContaining({ assessmentId: bootcampId, role: 'bootcamp', state: 'draft' }),
        ]),
      }),
    ]);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('reassigns them to the least loaded eligible staff in the same transaction as the role change', async () => {
    const transaction = jest.spyOn(harness.store, 'transaction');
    const batch = jest.spyOn(harness.store, 'batch');
    const res = await harness
      .as('dora')
      .post('/admin/users/role', { userIds: ['rita'], role: 'applicant', openAssignments: 'reassign' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, reassigned: 2, unassigned: 0 });
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(batch).not.toHaveBeenCalled();

    expect((await harness.store.get<User>(COLLECTIONS.users, 'rita'))?.role).toBe('applicant');
    // rob (no load) takes the first; then rob and dora have one each, and dora comes first by id.
    const engineer = (await harness.store.get<Assessment>(COLLECTIONS.reviews, engineerId))!;
    const bootcamp = (await harness.store.get<Assessment>(COLLECTIONS.reviews, bootcampId))!;
    expect([engineer.staffId, bootcamp.staffId].sort()).toEqual(['dora', 'rob']);
    // The draft starts over for its new reviewer.
    expect(bootcamp).toMatchObject({ state: 'not-started', scores: {}, comments: '' });
    for (const moved of [engineer, bootcamp]) {
      expect(moved.staffName).toBe(`${moved.staffId} Tester`);
      expect((await storedRow(harness, ada.id, moved.role))?.reviews).toEqual([
        { assessmentId: moved.id, staffId: moved.staffId, staffName: moved.staffName, state: 'not-started' },
      ]);
    }
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 1, reviewsDone: 1 });
    expect(await load('rob')).toMatchObject({ reviewsAssigned: 1 });
    expect(await load('dora')).toMatchObject({ reviewsAssigned: 2 });
    // The submitted review stays rita's.
    expect(await harness.store.get<Assessment>(COLLECTIONS.reviews, submittedId)).toMatchObject({ staffId: 'rita' });
    expect(await openWorkOnNonStaff()).toEqual([]);

    const audit = (await harness.store.query(COLLECTIONS.audit)).items.map(
      (item) => item.data as unknown as AuditEntry,
    );
    const of = (action: string, id: string) =>
      audit.filter((entry) => entry.action === action && entry.target.id === id && entry.actorId === 'dora');
    expect(of('assignment.removed', engineerId)).toHaveLength(1);
    expect(of('assignment.created', engineerId)).toHaveLength(2);
    expect(of('user.role-changed', 'rita')).toEqual([
      expect.objectContaining({ before: { role: 'reviewer' }, after: { role: 'applicant' } }),
    ]);
  });

  it('unassigns them when asked, or when no one else is eligible', async () => {
    const res = await harness
      .as('dora')
      .post('/admin/users/role', { userIds: ['rita'], role: 'applicant', openAssignments: 'unassign' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, reassigned: 0, unassigned: 2 });
    expect(await harness.store.get(COLLECTIONS.reviews, engineerId)).toBeNull();
    expect(await harness.store.get(COLLECTIONS.reviews, bootcampId)).toBeNull();
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ reviews: [], reviewsAssigned: 0 });
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 1, reviewsDone: 1 });
    expect(await openWorkOnNonStaff()).toEqual([]);
  });

  it('unassigns what no remaining staff member may take', async () => {
    // rob leaves with rita, and dora does not review engineers: only the bootcamp review finds a taker.
    await setPreferences(harness, 'dora', ['bootcamp', 'designer', 'product']);
    const res = await harness
      .as('dora')
      .post('/admin/users/role', { userIds: ['rita', 'rob'], role: 'applicant', openAssignments: 'reassign' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, reassigned: 1, unassigned: 1 });
    expect(await harness.store.get(COLLECTIONS.reviews, engineerId)).toBeNull();
    expect(await harness.store.get<Assessment>(COLLECTIONS.reviews, bootcampId)).toMatchObject({ staffId: 'dora' });
    expect(await openWorkOnNonStaff()).toEqual([]);
  });

  it('leaves the work of a reviewer promoted to super-reviewer alone', async () => {
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['rita'], role: 'super-reviewer' });
    expect(res.status).toBe(200);
    expect(await harness.store.get<Assessment>(COLLECTIONS.reviews, engineerId)).toMatchObject({ staffId: 'rita' });
  });
});
