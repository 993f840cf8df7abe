import type {
  ApplicationForm,
  ApplicationRow,
  AssessmentView,
  DashboardRowView,
  Page,
  Scores,
  StaffApplication,
} from '@portal/shared/domain';
import { CALIBRATED_CLAIM_MS } from '../staff/dashboard/calibrated-order';
import type { CalibratedOrderMark } from '../staff/reviews.repository';
import { COLLECTIONS } from '../store/collections';
import type { CountingStore } from '../store/counting-store';
import { FORM_ID, later, START, type Caller, type Harness } from './api-harness';
import { walk } from './search-scenarios';
import { assign, seedApplication } from './staff-fixtures';

/**
 * The sort by calibrated score from the rows' stored keys (staff/dashboard/calibrated-order.ts):
 * the order is the calibrated scores' (ties by row id, no score lowest) after reviews are submitted
 * and reopened and after the rubric changes, a sort while the form's calibration is unchanged reads
 * one page, and a reviewer never reads the keys. The disagreement filter from the rows' stored flags,
 * stored in the same pass: it follows a review elsewhere that moves the calibration. The harness's store counts what it reads
 * (`countingStore`). Run on SQLite (calibrated-order.test.ts) and on the Firestore emulator
 * (calibrated-order.emulator.test.ts).
 */

/** Rita's and Rob's scores (motivation, experience, communication) of each applicant's bootcamp row; Hal has none. */
const SCORES: Record<string, [Scores, Scores] | null> = {
  ann: [
    { motivation: 4, experience: 0, communication: 2 },
    { motivation: 3, experience: 1, communication: 2 },
  ],
  ben: [
    { motivation: 0, experience: 4, communication: 2 },
    { motivation: 1, experience: 3, communication: 2 },
  ],
  cat: [
    { motivation: 2, experience: 2, communication: 0 },
    { motivation: 1, experience: 1, communication: 1 },
  ],
  dan: [
    { motivation: 3, experience: 3, communication: 3 },
    { motivation: 2, experience: 2, communication: 2 },
  ],
  fay: [
    { motivation: 1, experience: 0, communication: 4 },
    { motivation: 0, experience: 1, communication: 4 },
  ],
  gus: [
    { motivation: 2, experience: 2, communication: 2 },
    { motivation: 2, experience: 2, communication: 2 },
  ],
  hal: null,
};

interface Seeded {
  /** Each applicant's response id and their two reviews (Rita's, Rob's). */
  applicants: Map<string, { responseId: string; reviews: AssessmentView[] }>;
}

const counting = (harness: Harness) => harness.store as CountingStore;

async function submit(harness: Harness, caller: Caller, review: AssessmentView, scores: Scores, version: number) {
  const res = await harness
    .as(caller)
    .post(`/admin/assessments/review/${review.id}/submit`, { scores, comments: '', version });
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
}

async function seed(harness: Harness): Promise<Seeded> {
  const applicants: Seeded['applicants'] = new Map();
  let index = 0;
  for (const [id, scores] of Object.entries(SCORES)) {
    const firstName = id[0]!.toUpperCase() + id.slice(1);
    const response = await seedApplication(harness, { id, firstName, lastName: 'Quinn' }, ['bootcamp'], {
      submittedAt: later(START, ++index * 1000).toISOString(),
    });
    if (!scores) {
      applicants.set(id, { responseId: response.id, reviews: [] });
      continue;
    }
    const reviews = await assign(harness, [
      { responseId: response.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: response.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await submit(harness, 'rita', reviews[0]!, scores[0], reviews[0]!.version);
    await submit(harness, 'rob', reviews[1]!, scores[1], reviews[1]!.version);
    applicants.set(id, { responseId: response.id, reviews });
  }
  return { applicants };
}

async function rows(harness: Harness, query: string): Promise<Page<DashboardRowView>> {
  const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);
  if (res.status !== 200) throw new Error(`rows: ${res.status} ${res.text}`);
  return res.body as Page<DashboardRowView>;
}

/** The rows' ids in the order of their calibrated scores, as each row shows its score: ties by id, no score lowest. */
async function expectedOrder(harness: Harness, dir: 'asc' | 'desc'): Promise<string[]> {
  const all = (await rows(harness, 'tab=all&limit=100')).items;
  const sign = dir === 'asc' ? 1 : -1;
  return all
    .sort((a, b) => {
      const [x, y] = [a.calibratedReviewScore, b.calibratedReviewScore];
      if (x !== y) return x === null ? -sign : y === null ? sign : sign * (x - y);
      return a.id < b.id ? -1 : 1;
    })
    .map((row) => row.id);
}

/** The calibrated order each way, paged by 2, against the scores the rows show. */
async function orderDifferences(harness: Harness): Promise<string[]> {
  const differences: string[] = [];
  for (const dir of ['desc', 'asc'] as const) {
    const expected = await expectedOrder(harness, dir);
    const paged = await walk(async (cursor) => {
      const page = await rows(
        harness,
        `tab=all&sort=calibratedReviewScore&dir=${dir}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      return { ...page, items: page.items.map((row) => row.id) };
    });
    if (
      JSON.stringify(paged.items) !== JSON.stringify(expected) ||
      paged.totals.some((total) => total !== expected.length)
    ) {
      differences.push(`${dir}: ${JSON.stringify({ paged, expected })}`);
    }
  }
  return differences;
}

/** Rows whose stored keys are not their shown calibrated score (`calibratedKeys`). */
async function staleKeys(harness: Harness): Promise<string[]> {
  const shown = new Map(
    (await rows(harness, 'tab=all&limit=100')).items.map((row) => [row.id, row.calibratedReviewScore]),
  );
  const stored = (
    await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
      where: [{ field: 'applicationFormId', value: FORM_ID }],
    })
  ).items.map((item) => item.data);
  return stored
    .filter((row) => {
      const score = shown.get(row.id) ?? null;
      return (
        row.calibratedOrder !== score || row.calibratedOrderDesc !== (score === null ? Number.MAX_SAFE_INTEGER : -score)
      );
    })
    .map((row) => `${row.id}: stored ${row.calibratedOrder}, shown ${shown.get(row.id)}`);
}

/** Rows whose stored disagreement flag is not the disagreement they show (`disagreementFlag`). */
async function staleFlags(harness: Harness): Promise<string[]> {
  const shown = new Map((await rows(harness, 'tab=all&limit=100')).items.map((row) => [row.id, row.disagreement]));
  return (
    await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
      where: [{ field: 'applicationFormId', value: FORM_ID }],
    })
  ).items
    .map((item) => item.data)
    .filter((row) => (row.disagreementFlag ?? false) !== (shown.get(row.id) ?? false))
    .map((row) => `${row.id}: stored ${row.disagreementFlag}, shown ${shown.get(row.id)}`);
}

/** Who the disagreement filter lists, by name. */
const flagged = async (harness: Harness) =>
  (await rows(harness, 'tab=all&filter=disagreement&sort=name&dir=asc&limit=100')).items.map((row) => row.userId);

const mark = (harness: Harness) => harness.store.get<CalibratedOrderMark>(COLLECTIONS.calibratedOrders, FORM_ID);

export function calibratedOrderScenarios(test: (title: string, fn: (harness: Harness) => Promise<void>) => void) {
  test('sorts by the calibrated score from keys stored on the rows; while the calibration holds, a sort reads one page', async (harness) => {
    await seed(harness);
    expect(await orderDifferences(harness)).toEqual([]);
    expect(await staleKeys(harness)).toEqual([]);
    expect((await mark(harness))?.version).toEqual(expect.any(String));

    const { result, counts } = await counting(harness).measure(() =>
      rows(harness, 'tab=all&sort=calibratedReviewScore&dir=desc&limit=2'),
    );
    expect(result.items).toHaveLength(2);
    // Two rows, the one past the page and the count of the form's rows: not the form's seven rows.
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBeLessThanOrEqual(4);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.writes).toBe(0);
  });

  test('follows a review submitted, and one reopened: the first sort after each stores the keys again', async (harness) => {
    const { applicants } = await seed(harness);
    const before = await expectedOrder(harness, 'desc');
    expect(await orderDifferences(harness)).toEqual([]);

    // Rita reopens her review of Cat (near the bottom) and scores her higher.
    const ritaOnCat = applicants.get('cat')!.reviews[0]!;
    const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaOnCat.id}/reopen`, {});
    expect(reopened.status).toBe(200);
    await submit(harness, 'rita', ritaOnCat, { motivation: 4, experience: 4, communication: 4 }, reopened.body.version);
    expect(await expectedOrder(harness, 'desc')).not.toEqual(before);
    expect(await orderDifferences(harness)).toEqual([]);
    expect(await staleKeys(harness)).toEqual([]);

    // Rob's review of Ann reopened, not submitted again: it no longer counts.
    const robOnAnn = applicants.get('ann')!.reviews[1]!;
    expect((await harness.as('dora').post(`/admin/assessments/review/${robOnAnn.id}/reopen`, {})).status).toBe(200);
    expect(await orderDifferences(harness)).toEqual([]);
    expect(await staleKeys(harness)).toEqual([]);
  });

  test('follows a change of the review rubric', async (harness) => {
    await seed(harness);
    expect(await orderDifferences(harness)).toEqual([]);
    const before = await expectedOrder(harness, 'desc');
    const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
    // Experience weighs what motivation did, and motivation what experience did.
    const reviewRubrics = form.reviewRubrics.map((rubric) => ({
      ...rubric,
      criteria: rubric.criteria.map((criterion) => ({
        ...criterion,
        weight: criterion.key === 'motivation' ? 1 : criterion.key === 'experience' ? 2 : criterion.weight,
      })),
    }));
    const published = await harness.as('dora').post('/application/forms', { ...form, reviewRubrics });
    expect(published.status).toBeLessThan(300);
    expect(await expectedOrder(harness, 'desc')).not.toEqual(before);
    expect(await orderDifferences(harness)).toEqual([]);
    expect(await staleKeys(harness)).toEqual([]);
  });

  test('lists a row added since the keys were stored, and sorts in memory while another computation holds the claim', async (harness) => {
    await seed(harness);
    expect(await orderDifferences(harness)).toEqual([]);
    await seedApplication(harness, { id: 'ivy', firstName: 'Ivy', lastName: 'Quinn' }, ['bootcamp']);
    expect(await orderDifferences(harness)).toEqual([]);

    expect((await rows(harness, 'tab=all&limit=100')).total).toBe(8);

    // Another instance computing the keys (the calibration changed since): this sort waits for none.
    const gus = (await rows(harness, 'tab=all&limit=100&search=gus')).items[0]!;
    const robOnGus = gus.reviews.find((ref) => ref.staffId === 'rob')!.assessmentId;
    await harness.store.set(COLLECTIONS.calibratedOrders, FORM_ID, {
      formId: FORM_ID,
      version: null,
      claim: 'another-instance',
      claimedAt: harness.clock.now.toISOString(),
    } satisfies CalibratedOrderMark);
    expect((await harness.as('dora').post(`/admin/assessments/review/${robOnGus}/reopen`, {})).status).toBe(200);
    const { result, counts } = await counting(harness).measure(() => orderDifferences(harness));
    expect(result).toEqual([]);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.writes).toBe(0);
    expect((await mark(harness))?.claim).toBe('another-instance');

    // Its claim runs out (it stopped): the next sort takes over and stores the keys.
    harness.clock.now = later(harness.clock.now, CALIBRATED_CLAIM_MS + 1000);
    expect(await orderDifferences(harness)).toEqual([]);
    expect(await mark(harness)).toMatchObject({ version: expect.any(String), claim: null });
    expect(await staleKeys(harness)).toEqual([]);
  });

  test('the disagreement filter follows a review elsewhere that moves the calibration, stored with the keys', async (harness) => {
    // Calibrated spreads (docs/product.md#calibrated-scores-and-disagreement): Dan's 0.66 is beyond
    // the threshold, Cat's 0.46 is not (raw 0.5, Dan's 1).
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: 0.55 });
    await seed(harness);
    expect(await flagged(harness)).toEqual(['dan']);
    expect(await staleFlags(harness)).toEqual([]);

    // Rob scores Ivy 4 on every criterion: his habits move, and Cat's reviews, unchanged, are now
    // 0.61 apart, calibrated.
    const ivy = await seedApplication(harness, { id: 'ivy', firstName: 'Ivy', lastName: 'Quinn' }, ['bootcamp']);
    const [robOnIvy] = await assign(harness, [{ responseId: ivy.id, role: 'bootcamp', staffId: 'rob' }]);
    await submit(harness, 'rob', robOnIvy!, { motivation: 4, experience: 4, communication: 4 }, robOnIvy!.version);
    expect(await flagged(harness)).toEqual(['cat', 'dan']);
    // One pass stored the flags and the calibrated keys: the sort and the filter agree with the rows.
    expect(await staleFlags(harness)).toEqual([]);
    expect(await staleKeys(harness)).toEqual([]);

    // While the calibration holds, a page of the filter reads its page, not the form's rows.
    const { result, counts } = await counting(harness).measure(() =>
      rows(harness, 'tab=all&filter=disagreement&sort=name&dir=asc&limit=1'),
    );
    expect(result.items.map((row) => row.userId)).toEqual(['cat']);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBeLessThanOrEqual(3);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.writes).toBe(0);

    // Rob's review of Ivy reopened while another instance stores the flags: the filter checks the
    // form's rows against the calibration in memory, and Cat, still stored as flagged, is not listed.
    await harness.store.set(COLLECTIONS.calibratedOrders, FORM_ID, {
      formId: FORM_ID,
      version: null,
      claim: 'another-instance',
      claimedAt: harness.clock.now.toISOString(),
    } satisfies CalibratedOrderMark);
    expect((await harness.as('dora').post(`/admin/assessments/review/${robOnIvy!.id}/reopen`, {})).status).toBe(200);
    const held = await counting(harness).measure(() => flagged(harness));
    expect(held.result).toEqual(['dan']);
    expect(held.counts.byCollection[COLLECTIONS.reviewStatuses]!.writes).toBe(0);
    expect(await staleFlags(harness)).toEqual([expect.stringContaining('stored true, shown false')]);

    // Its claim runs out: the next filter stores the flags again.
    harness.clock.now = later(harness.clock.now, CALIBRATED_CLAIM_MS + 1000);
    expect(await flagged(harness)).toEqual(['dan']);
    expect(await staleFlags(harness)).toEqual([]);
  });

  test("a reviewer, blind or not, never reads a row's stored keys; the rows are the super-reviewer's alone", async (harness) => {
    const { applicants } = await seed(harness);
    await rows(harness, 'tab=all&sort=calibratedReviewScore&dir=desc');
    const ann = applicants.get('ann')!.responseId;
    for (const blindReview of [{ review: false }, { review: true }]) {
      await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview });
      const res = await harness.as('rita').get(`/admin/responses/${ann}`);
      expect(res.status).toBe(200);
      const body = res.body as StaffApplication;
      for (const key of [
        'calibratedOrder',
        'calibratedOrderDesc',
        'decisionStage',
        'disagreementFlag',
        'searchTokens',
      ]) {
        expect(JSON.stringify(body).includes(`"${key}"`)).toBe(false);
      }
      // Her own scores only: the row's other review carries none.
      expect(body.rows[0]!.reviews.filter((ref) => ref.scores)).toEqual([expect.objectContaining({ staffId: 'rita' })]);
      expect(
        (await harness.as('rita').get(`/admin/forms/${FORM_ID}/rows?tab=all&sort=calibratedReviewScore`)).status,
      ).toBe(403);
    }
  });
}
