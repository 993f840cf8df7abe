import {
  CALIBRATION_MODEL,
  reviewSums,
  STAFF_MESSAGES,
  type AddedReviewer,
  type ApplicationForm,
  type ApplicationResponse,
  type Assessment,
  type AuditEntry,
  type DashboardRowView,
  type Page,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { countingStore, type CountingStore } from '../../store/counting-store';
import type { StoredCalibrationSums } from '../reviews.repository';
import { createHarness, FORM_ID, later, START, type Caller, type Harness } from '../../testing/api-harness';
import { assign, dumpStore, seedApplication, storedRow } from '../../testing/staff-fixtures';
import { testSqliteStore } from '../../testing/test-store';

/**
 * Calibrated scores and disagreement on the dashboard
 * (docs/product.md#calibrated-scores-and-disagreement). Rita scores 4, 3, 2, 2 and Rob 2, 1, 0, 2
 * (every criterion alike) on Ann, Ben, Cat and Dan. Per criterion, by hand:
 * - everyone: mean 2, variance 10/8 = 1.25;
 * - Rita: mean 2.75, variance 0.6875, shrunk with 3 prior reviews: mean (4·2.75 + 3·2)/7 = 17/7,
 *   variance (4·0.6875 + 3·1.25)/7 = 6.5/7; Rob: mean 1.25 → 11/7, variance 6.5/7;
 * - a score x of Rita's maps to 2 + (x − 17/7)·√(1.25 / (6.5/7)) = 2 + (x − 17/7)·1.16025.
 * Ann: Rita 4 → 3.82, Rob 2 → 2.50, calibrated 3.16; Ben: 2.66 and 1.34 → 2; Cat: 1.50 and 0.18
 * → 0.84; Dan: 1.50 and 2.50 → 2. Spreads: 2, 2, 2 and 0; calibrated spreads 1.32, 1.32, 1.32 and
 * 1 (Rita scores higher than Rob: most of their raw gap is habit).
 */
const SCORES: Record<string, [number, number]> = { ann: [4, 2], ben: [3, 1], cat: [2, 0], dan: [2, 2] };
const CALIBRATED: Record<string, number> = { ann: 3.16, ben: 2, cat: 0.84, dan: 2 };

let harness: Harness;
let counted: CountingStore;
const responses: Record<string, ApplicationResponse> = {};

const allScores = (value: number) => ({ motivation: value, experience: value, communication: value });

async function submit(caller: Caller, id: string, version: number, value: number) {
  const res = await harness
    .as(caller)
    .post(`/admin/assessments/review/${id}/submit`, { scores: allScores(value), comments: '', version });
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
}

async function rows(query: string) {
  const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);
  expect(res.status).toBe(200);
  return res.body as Page<DashboardRowView>;
}
const names = (page: Page<DashboardRowView>) => page.items.map((row) => row.userId);

beforeEach(async () => {
  counted = countingStore(testSqliteStore());
  harness = await createHarness({ store: counted });
  // Ann, Ben and Cat are beyond it, calibrated; Dan is not.
  await harness.store.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: 1.2 });
  let index = 0;
  for (const [id, [rita, rob]] of Object.entries(SCORES)) {
    const firstName = id[0]!.toUpperCase() + id.slice(1);
    responses[id] = await seedApplication(harness, { id, firstName, lastName: 'Quinn' }, ['bootcamp'], {
      submittedAt: later(START, ++index * 1000).toISOString(),
    });
    const created = await assign(harness, [
      { responseId: responses[id]!.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: responses[id]!.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await submit('rita', created[0]!.id, created[0]!.version, rita);
    await submit('rob', created[1]!.id, created[1]!.version, rob);
  }
});
afterEach(() => harness.close());

describe('calibrated scores on the dashboard rows', () => {
  it('carries the hand-computed calibrated score beside each raw score', async () => {
    const page = await rows('limit=10');
    const byId = Object.fromEntries(page.items.map((row) => [row.userId, row]));
    for (const [id, [rita, rob]] of Object.entries(SCORES)) {
      expect(byId[id]).toMatchObject({
        reviewScore: (rita + rob) / 2,
        calibratedReviewScore: CALIBRATED[id],
        reviewSpread: Math.abs(rita - rob),
        calibratedSpread: id === 'dan' ? 1 : 1.32,
      });
    }
  });

  it('sorts by the calibrated score either way, across pages, ties by row id', async () => {
    const tie = [responses.ben!, responses.dan!].sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => r.userId);
    const first = await rows('sort=calibratedReviewScore&dir=desc&limit=2');
    expect(first.total).toBe(4);
    const second = await rows(`sort=calibratedReviewScore&dir=desc&limit=2&cursor=${first.nextCursor}`);
    expect([...names(first), ...names(second)]).toEqual(['ann', ...tie, 'cat']);
    expect(second.nextCursor).toBeNull();
    expect(names(await rows('sort=calibratedReviewScore&dir=asc'))).toEqual(['cat', ...tie, 'ann']);
  });

  it('learns again when a review is reopened and submitted with another score', async () => {
    expect((await rows('sort=calibratedReviewScore&dir=desc')).items[0]).toMatchObject({ calibratedReviewScore: 3.16 });
    const row = await storedRow(harness, responses.dan!.id, 'bootcamp');
    const ritaOnDan = row!.reviews.find((ref) => ref.staffId === 'rita')!.assessmentId;
    const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaOnDan}/reopen`, {});
    expect(reopened.status).toBe(200);
    await submit('rita', ritaOnDan, reopened.body.version, 4);
    const dan = (await rows('limit=10')).items.find((item) => item.userId === 'dan')!;
    expect(dan.reviewScore).toBe(3);
    expect(dan.calibratedReviewScore).not.toBe(CALIBRATED.dan);
  });

  it("keeps the form's calibration sums in each submit and reopen: a page after a review's submit reads no review", async () => {
    await rows('limit=10');
    const row = await storedRow(harness, responses.dan!.id, 'bootcamp');
    const ritaOnDan = row!.reviews.find((ref) => ref.staffId === 'rita')!.assessmentId;
    const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaOnDan}/reopen`, {});
    await submit('rita', ritaOnDan, reopened.body.version, 4);

    const { result, counts } = await counted.measure(() => rows('sort=calibratedReviewScore&dir=desc&limit=10'));
    // The sums record alone: no review, not even a count of them (the record is kept whole).
    expect(counts.byCollection[COLLECTIONS.reviews]).toBeUndefined();
    expect(counts.byCollection[COLLECTIONS.calibrationSums]).toEqual({ reads: 1, writes: 0, deletes: 0 });

    const submitted = (await harness.store.query<Assessment>(COLLECTIONS.reviews)).items
      .map((item) => item.data)
      .filter((review) => review.state === 'submitted');
    const stored = await harness.store.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, FORM_ID);
    expect(stored).toMatchObject({
      formId: FORM_ID,
      model: CALIBRATION_MODEL,
      count: 8,
      sums: reviewSums(submitted.map((review) => ({ ...review, reviewerId: review.staffId }))),
    });
    expect(result.items.find((item) => item.userId === 'dan')).toMatchObject({ reviewScore: 3 });
  });

  it('learns the sums again from every submitted review when the record is gone or of other maths, and only then', async () => {
    const before = (await rows('limit=10')).items;
    // A submitted review removed around the API is not seen: the page trusts the record.
    const row = await storedRow(harness, responses.dan!.id, 'bootcamp');
    await harness.store.delete(COLLECTIONS.reviews, row!.reviews.find((ref) => ref.staffId === 'rob')!.assessmentId);
    expect((await rows('limit=10')).items).toEqual(before);
    // Deleting the record (the repair) has the next page learn it from the 7 reviews left, once.
    await harness.store.delete(COLLECTIONS.calibrationSums, FORM_ID);
    const after = (await rows('limit=10')).items;
    expect(after.find((item) => item.userId === 'ann')!.calibratedReviewScore).not.toBe(
      before.find((item) => item.userId === 'ann')!.calibratedReviewScore,
    );
    expect(await harness.store.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, FORM_ID)).toMatchObject({
      count: 7,
      model: CALIBRATION_MODEL,
    });
    const { counts } = await counted.measure(() => rows('limit=10'));
    expect(counts.byCollection[COLLECTIONS.reviews]).toBeUndefined();
    // A record stored for other maths is learnt again too.
    await harness.store.update(COLLECTIONS.calibrationSums, FORM_ID, { model: 'standardized-1', count: 99 });
    const relearnt = await counted.measure(() => rows('limit=10'));
    expect(relearnt.result.items).toEqual(after);
    expect(relearnt.counts.byCollection[COLLECTIONS.reviews]!.reads).toBe(7);
    expect(await harness.store.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, FORM_ID)).toMatchObject({
      count: 7,
      model: CALIBRATION_MODEL,
    });
  });

  it('answers 400 to an offset cursor that is not one', async () => {
    const res = await harness
      .as('dora')
      .get(`/admin/forms/${FORM_ID}/rows?sort=calibratedReviewScore&cursor=eyJvZmZzZXQiOi0xfQ`);
    expect(res.status).toBe(400);
  });
});

describe('the disagreement filter', () => {
  it("shows only the rows whose reviewers' calibrated scores spread beyond the form's threshold", async () => {
    const flagged = await rows('filter=disagreement&sort=name&dir=asc');
    expect(names(flagged)).toEqual(['ann', 'ben', 'cat']);
    expect(flagged.total).toBe(3);
    expect(flagged.items.every((row) => row.disagreement)).toBe(true);
    expect((await rows('limit=10')).items.find((row) => row.userId === 'dan')).toMatchObject({ disagreement: false });
    expect(names(await rows('filter=disagreement&search=cat'))).toEqual(['cat']);
  });

  it('reads only the flagged rows, and follows a threshold the director changes in the builder', async () => {
    for (const id of ['fay', 'gus', 'hal', 'ivy', 'jon']) {
      await seedApplication(harness, { id, firstName: id, lastName: 'Unreviewed' }, ['bootcamp']);
    }
    // The first filter since the reviews stores every row's flag under the form's calibration; then,
    // while it holds, a page reads its rows.
    await rows('filter=disagreement');
    const { result, counts } = await counted.measure(() => rows('filter=disagreement&sort=name&dir=asc'));
    expect(names(result)).toEqual(['ann', 'ben', 'cat']);
    // The three flagged rows, not the form's nine; its total is the form's counter, not a count of the rows.
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBe(3);
    expect(result.total).toBe(3);
    expect(counts.byCollection[COLLECTIONS.formCounters]!.reads).toBeGreaterThan(0);

    const publish = async (threshold: number) => {
      const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      const res = await harness.as('dora').post('/application/forms', { ...form, disagreementThreshold: threshold });
      expect(res.status).toBeLessThan(300);
    };
    await publish(2);
    expect((await rows('filter=disagreement')).total).toBe(0);
    expect((await storedRow(harness, responses.ann!.id, 'bootcamp'))!.disagreementFlag).toBe(false);
    await publish(1);
    expect(names(await rows('filter=disagreement&sort=name&dir=asc'))).toEqual(['ann', 'ben', 'cat']);
  });

  it('sends a message to the Disagreement group to the rows that disagree under the calibration now', async () => {
    // No dashboard read since the reviews: no row stores its flag yet.
    const stored = await Promise.all(Object.values(responses).map((each) => storedRow(harness, each.id, 'bootcamp')));
    expect(stored.some((row) => row!.disagreementFlag)).toBe(false);
    const preview = await harness.as('dora').post(`/admin/forms/${FORM_ID}/group-message/preview`, {
      group: { tab: 'all', filter: 'disagreement' },
      subject: 'About your application',
      body: 'Hi {firstName}, one more reviewer will read it.',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.recipients).toBe(3);
  });

  it('flags nothing without a threshold, and follows a changed one', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: 2 });
    expect((await rows('filter=disagreement')).total).toBe(0);
    const form = (await harness.store.get<Record<string, unknown>>(COLLECTIONS.forms, FORM_ID))!;
    const { disagreementThreshold: _threshold, ...without } = form;
    await harness.store.set(COLLECTIONS.forms, FORM_ID, without);
    expect((await rows('filter=disagreement')).total).toBe(0);
    expect((await rows('limit=10')).items.some((row) => row.disagreement)).toBe(false);
  });
});

describe('POST /api/admin/rows/:responseId/:role/add-reviewer', () => {
  const addReviewer = (responseId: string) =>
    harness.as('dora').post(`/admin/rows/${responseId}/bootcamp/add-reviewer`, {});

  it('assigns the least loaded eligible reviewer, never the director, with an audit entry, until none is left', async () => {
    // Rita has 1 review more than Rob; Dora (the super-reviewer) has none and is never chosen.
    const eve = await seedApplication(harness, { id: 'eve2', firstName: 'Eve', lastName: 'Quinn' }, ['bootcamp']);
    await assign(harness, [{ responseId: eve.id, role: 'bootcamp', staffId: 'rita' }]);

    const first = await addReviewer(eve.id);
    expect(first.status).toBe(201);
    expect(first.body as AddedReviewer).toMatchObject({ staffId: 'rob' });
    expect((await storedRow(harness, eve.id, 'bootcamp'))!.reviews.map((ref) => ref.staffId)).toEqual(['rita', 'rob']);

    const before = await dumpStore(harness);
    const none = await addReviewer(eve.id);
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(STAFF_MESSAGES.noEligibleReviewer);
    expect(await dumpStore(harness)).toEqual(before);

    const audit = (await harness.store.query(COLLECTIONS.audit)).items.map(
      (item) => item.data as unknown as AuditEntry,
    );
    const id = (first.body as AddedReviewer).assessmentId;
    expect(audit.filter((entry) => entry.action === 'assignment.created' && entry.target.id === id)).toHaveLength(1);
  });

  it('refuses once decisions are released, changing nothing', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
    const before = await dumpStore(harness);
    const res = await addReviewer(responses.ann!.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.decisionsReleased);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('refuses a decided row, changing nothing (clear its decision first)', async () => {
    const eve = await seedApplication(harness, { id: 'eve3', firstName: 'Eve', lastName: 'Rowe' }, ['bootcamp']);
    const decided = await harness.as('dora').put(`/admin/rows/${eve.id}/bootcamp/decision`, { decision: 'denied' });
    expect(decided.status).toBe(200);
    const before = await dumpStore(harness);
    const res = await addReviewer(eve.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.rowDecided);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('answers 404 to a row that does not exist and 403 to a reviewer', async () => {
    expect((await harness.as('dora').post(`/admin/rows/${responses.ann!.id}/designer/add-reviewer`, {})).status).toBe(
      404,
    );
    expect((await harness.as('rita').post(`/admin/rows/${responses.ann!.id}/bootcamp/add-reviewer`, {})).status).toBe(
      403,
    );
  });
});

describe('"Deny undecided, unqualified…" and the rows nobody has finished reviewing', () => {
  it('lists every undecided, unqualified row with its holds, and denies only those without one unless named', async () => {
    // Eve: two reviews assigned, none submitted; Fay: no review assigned; Dan: reviewed, no disagreement.
    const eve = await seedApplication(harness, { id: 'eve', firstName: 'Eve', lastName: 'Quinn' }, ['bootcamp']);
    const fay = await seedApplication(harness, { id: 'fay', firstName: 'Fay', lastName: 'Quinn' }, ['bootcamp']);
    await assign(harness, [
      { responseId: eve.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: eve.id, role: 'bootcamp', staffId: 'rob' },
    ]);

    const listed = await harness.as('dora').get(`/admin/forms/${FORM_ID}/undecided/unqualified`);
    expect(listed.status).toBe(200);
    expect(
      listed.body.items.map((item: { applicantName: string; holds: string[]; reviewsDone: number }) => [
        item.applicantName,
        item.reviewsDone,
        item.holds,
      ]),
    ).toEqual([
      ['Ann Quinn', 2, ['disagreement']],
      ['Ben Quinn', 2, ['disagreement']],
      ['Cat Quinn', 2, ['disagreement']],
      ['Dan Quinn', 2, []],
      ['Eve Quinn', 0, ['open-reviews']],
      ['Fay Quinn', 0, []],
    ]);
    expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/undecided/unqualified`)).status).toBe(403);

    const deny = (body: Record<string, unknown>) =>
      harness.as('dora').post(`/admin/forms/${FORM_ID}/deny-undecided-unqualified`, body);
    expect((await deny({})).body).toEqual({ denied: 2, held: 4 });
    const decision = async (response: ApplicationResponse) =>
      (await storedRow(harness, response.id, 'bootcamp'))?.decision;
    expect(await decision(responses.dan!)).toBe('denied');
    expect(await decision(fay)).toBe('denied');
    for (const held of [responses.ann!, responses.ben!, responses.cat!]) expect(await decision(held)).toBe('reviewed');
    expect(await decision(eve)).toBe('under-review');

    // Named by id, a held row is denied too; the others stay held.
    const named = await deny({ include: [{ responseId: eve.id, role: 'bootcamp' }] });
    expect(named.body).toEqual({ denied: 1, held: 3 });
    expect(await decision(eve)).toBe('denied');
    expect(await decision(responses.ann!)).toBe('reviewed');
    expect((await deny({ include: [] })).status).toBe(400);
  });
});
