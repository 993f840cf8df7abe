import {
  CALIBRATION_MODEL,
  reviewSums,
  type ApplicationForm,
  type Assessment,
  type AssessmentView,
  type DashboardRowView,
  type Page,
  type Scores,
  type User,
} from '@portal/shared/domain';
import { SCHEDULER_ACTOR } from '../audit/audit-entry';
import { createJobsRepository } from '../jobs/jobs.repository';
import { createAdminUsersRepository } from '../staff/admin-users.repository';
import { createAdminUsersService } from '../staff/admin-users.service';
import { createCalibrationCache } from '../staff/calibration-cache';
import { createReviewsRepository, type StoredCalibrationSums } from '../staff/reviews.repository';
import { COLLECTIONS } from '../store/collections';
import type { CountingStore } from '../store/counting-store';
import { FORM_ID, type Caller, type Harness } from './api-harness';
import { createMemoryFileStore } from './memory-file-store';
import { assign, seedApplication, submitApplication } from './staff-fixtures';
import type { StoreTest } from './store-targets';

/**
 * The form's calibration sums (staff/calibration-cache.ts) stay whole on every path that removes or
 * changes a submitted review, so a dashboard page trusts the record and reads no review and no count:
 * after each path the stored sums equal sums learnt from scratch from the submitted reviews left.
 * Run on SQLite (calibration-sums.test.ts) and on the Firestore emulator
 * (calibration-sums.emulator.test.ts); the harness's store counts what it reads (`countingStore`).
 */

/** Rita's and Rob's scores (motivation, experience, communication) of each applicant's bootcamp row. */
const SCORES: Record<string, [Scores, Scores]> = {
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
};

interface Seeded {
  /** The review ids of each applicant (ann, ben, cat by Rita and Rob on bootcamp; ada and eve by Rita on both roles and Rob on bootcamp). */
  reviews: Map<string, AssessmentView[]>;
  /** Rob's review of dan, assigned and not submitted. */
  open: AssessmentView;
}

async function submit(harness: Harness, caller: Caller, review: AssessmentView, scores: Scores) {
  const res = await harness
    .as(caller)
    .post(`/admin/assessments/review/${review.id}/submit`, { scores, comments: '', version: review.version });
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
}

async function rows(harness: Harness, query = 'tab=all&limit=50'): Promise<Page<DashboardRowView>> {
  const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);
  if (res.status !== 200) throw new Error(`rows: ${res.status} ${res.text}`);
  return res.body as Page<DashboardRowView>;
}

/** Submitted reviews of every applicant, one review left open; then a page, which learns the sums once. */
async function seed(harness: Harness): Promise<Seeded> {
  const reviews: Seeded['reviews'] = new Map();
  for (const [id, [rita, rob]] of Object.entries(SCORES)) {
    const firstName = id[0]!.toUpperCase() + id.slice(1);
    const response = await seedApplication(harness, { id, firstName, lastName: 'Quinn' }, ['bootcamp']);
    const created = await assign(harness, [
      { responseId: response.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: response.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await submit(harness, 'rita', created[0]!, rita);
    await submit(harness, 'rob', created[1]!, rob);
    reviews.set(id, created);
  }
  // A page before the applicants' own reviews: the sums are then kept by each submit.
  await rows(harness);
  for (const [index, caller] of (['ada', 'eve'] as const).entries()) {
    const response = await submitApplication(harness, caller);
    const created = await assign(harness, [
      { responseId: response.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: response.id, role: 'engineer', staffId: 'rita' },
      { responseId: response.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await submit(harness, 'rita', created[0]!, { motivation: 4 - index, experience: 2, communication: 3 });
    await submit(harness, 'rita', created[1]!, { motivation: 1, experience: 3 + index, communication: 2 });
    await submit(harness, 'rob', created[2]!, { motivation: 2, experience: 2, communication: 4 - 2 * index });
    reviews.set(caller, created);
  }
  const dan = await seedApplication(harness, { id: 'dan', firstName: 'Dan', lastName: 'Quinn' }, ['bootcamp']);
  const [open] = await assign(harness, [{ responseId: dan.id, role: 'bootcamp', staffId: 'rob' }]);
  return { reviews, open: open! };
}

const storedSums = (harness: Harness) => harness.store.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, FORM_ID);

async function submittedReviews(harness: Harness): Promise<Assessment[]> {
  return (await harness.store.query<Assessment>(COLLECTIONS.reviews)).items
    .map((item) => item.data)
    .filter((review) => review.applicationFormId === FORM_ID && review.state === 'submitted');
}

/** The stored record against sums learnt from scratch from the submitted reviews in the store. */
async function expectWhole(harness: Harness, count: number): Promise<void> {
  const submitted = await submittedReviews(harness);
  expect(submitted.length).toBe(count);
  expect(await storedSums(harness)).toMatchObject({
    formId: FORM_ID,
    model: CALIBRATION_MODEL,
    count,
    sums: reviewSums(submitted.map((review) => ({ ...review, reviewerId: review.staffId }))),
  });
}

/** The page's calibrated scores now, against those of a calibration learnt again from every review. */
async function expectScoresAsLearnt(harness: Harness): Promise<void> {
  const kept = (await rows(harness)).items.map((row) => [row.id, row.calibratedReviewScore, row.disagreement]);
  const stored = await storedSums(harness);
  await harness.store.delete(COLLECTIONS.calibrationSums, FORM_ID);
  const learnt = (await rows(harness)).items.map((row) => [row.id, row.calibratedReviewScore, row.disagreement]);
  expect(kept).toEqual(learnt);
  expect(await storedSums(harness)).toMatchObject({ count: stored!.count, sums: stored!.sums });
}

const counting = (harness: Harness) => harness.store as CountingStore;

export function calibrationSumsScenarios(run: StoreTest): void {
  run(
    "a page trusts the form's sums: after a review's submit and reopen it reads no review and no count",
    async (harness) => {
      const { reviews } = await seed(harness);
      await expectWhole(harness, 12);
      const ritaOnAnn = reviews.get('ann')![0]!;
      const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaOnAnn.id}/reopen`, {});
      expect(reopened.status).toBe(200);
      await expectWhole(harness, 11);
      await submit(
        harness,
        'rita',
        { ...ritaOnAnn, version: reopened.body.version },
        { motivation: 1, experience: 1, communication: 1 },
      );
      for (const query of [
        'tab=all&limit=10',
        'tab=all&sort=calibratedReviewScore&dir=desc&limit=10',
        'tab=all&filter=disagreement&limit=10',
      ]) {
        await rows(harness, query);
        const { counts } = await counting(harness).measure(() => rows(harness, query));
        expect(counts.byCollection[COLLECTIONS.reviews]).toBeUndefined();
        expect(counts.byCollection[COLLECTIONS.calibrationSums]).toEqual({ reads: 1, writes: 0, deletes: 0 });
      }
      await expectWhole(harness, 12);
      await expectScoresAsLearnt(harness);
    },
  );

  run("an applicant's own account deletion takes their submitted reviews out of the sums", async (harness) => {
    await seed(harness);
    const res = await harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    await expectWhole(harness, 9);
    await expectScoresAsLearnt(harness);
  });

  run("a super-reviewer's deletion of an applicant, then of a reviewer, keeps the sums whole", async (harness) => {
    await seed(harness);
    expect((await harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] })).status).toBe(200);
    await expectWhole(harness, 9);
    // Rob's submitted reviews stay, under his id (his open one is unassigned): the sums do not change.
    const before = await storedSums(harness);
    expect((await harness.as('dora').post('/admin/users/delete', { userIds: ['rob'] })).status).toBe(200);
    await expectWhole(harness, 9);
    expect((await storedSums(harness))!.sums).toEqual(before!.sums);
    await expectScoresAsLearnt(harness);
  });

  run(
    "a conflict of interest that drops a reviewer's open review, and a rubric change, keep the sums whole",
    async (harness) => {
      const { open } = await seed(harness);
      const declared = await harness
        .as('rob')
        .post('/admin/conflicts', { email: 'dan@example.com', reason: 'My cousin' });
      expect(declared.status).toBe(201);
      expect(await harness.store.get(COLLECTIONS.reviews, open.id)).toBeNull();
      await expectWhole(harness, 12);
      const before = (await rows(harness)).items.map((row) => row.calibratedReviewScore);
      const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      const [rubric] = form.reviewRubrics;
      const published = await harness.as('dora').post('/application/forms', {
        ...form,
        reviewRubrics: [
          {
            ...rubric!,
            criteria: rubric!.criteria.map((each) => (each.key === 'motivation' ? { ...each, weight: 1 } : each)),
          },
        ],
      });
      expect(published.status).toBeLessThan(300);
      await expectWhole(harness, 12);
      // The calibration follows the rubric (its version digests it), from the same sums.
      expect((await rows(harness)).items.map((row) => row.calibratedReviewScore)).not.toEqual(before);
      await expectScoresAsLearnt(harness);
    },
  );

  run("a form's retention erasure of an applicant who keeps their account keeps the sums whole", async (harness) => {
    await seed(harness);
    const users = createAdminUsersService({
      users: createAdminUsersRepository(harness.store),
      reviews: createReviewsRepository(harness.store),
      accounts: harness.accounts,
      files: createMemoryFileStore(),
      jobs: createJobsRepository(harness.store),
      now: () => harness.clock.now,
    });
    const ada = (await harness.store.get<User>(COLLECTIONS.users, 'ada'))!;
    const erased = await users.eraseForRetention(FORM_ID, [{ user: ada, keepAccount: true }], SCHEDULER_ACTOR);
    expect(erased.failedAccounts).toEqual([]);
    expect(await harness.store.get(COLLECTIONS.users, 'ada')).not.toBeNull();
    await expectWhole(harness, 9);
    await expectScoresAsLearnt(harness);
  });

  run('an erasure takes out a review of the applicant submitted after their footprint was read', async (harness) => {
    const { open } = await seed(harness);
    const repository = createAdminUsersRepository(harness.store);
    let reads = 0;
    let submitted = false;
    const users = createAdminUsersService({
      // Rob submits his review of dan between the erasure's read of dan's footprint and its transaction.
      users: {
        ...repository,
        footprint: async (userId) => {
          const footprint = await repository.footprint(userId);
          // The second read: the first is the audit's anonymisation, ahead of the erasure's own.
          if (userId === 'dan' && ++reads === 2) {
            submitted = true;
            await submit(harness, 'rob', open, { motivation: 4, experience: 4, communication: 4 });
          }
          return footprint;
        },
      },
      reviews: createReviewsRepository(harness.store),
      accounts: harness.accounts,
      files: createMemoryFileStore(),
      jobs: createJobsRepository(harness.store),
      now: () => harness.clock.now,
    });
    const dan = (await harness.store.get<User>(COLLECTIONS.users, 'dan'))!;
    await users.eraseForRetention(FORM_ID, [{ user: dan, keepAccount: true }], SCHEDULER_ACTOR);
    expect(submitted).toBe(true);
    expect(await harness.store.get(COLLECTIONS.reviews, open.id)).toBeNull();
    await expectWhole(harness, 12);
  });

  run('sums learnt while a review is reopened are not stored: the next page learns them again', async (harness) => {
    const { reviews } = await seed(harness);
    await harness.store.delete(COLLECTIONS.calibrationSums, FORM_ID);
    const repository = createReviewsRepository(harness.store);
    const ritaOnBen = reviews.get('ben')![0]!;
    // The reopen commits after the reviews were read and before the learnt sums are stored.
    const cache = createCalibrationCache({
      ...repository,
      submittedReviews: async (formId) => {
        const read = await repository.submittedReviews(formId);
        const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaOnBen.id}/reopen`, {});
        expect(reopened.status).toBe(200);
        return read;
      },
    });
    await cache.of(harness.form);
    expect(await storedSums(harness)).toMatchObject({ sums: null, changes: 1 });
    await rows(harness);
    await expectWhole(harness, 11);
  });
}
