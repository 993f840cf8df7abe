import {
  utcDay,
  type ApplicationForm,
  type ApplicationRowView,
  type AssessmentView,
  type Page,
  type PipelinePage,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { CountingStore } from '../store/counting-store';
import { FORM_COUNTER_SHARDS } from '../store/form-counters';
import { DAY_MS, FORM_ID, later, START, startResponse, withAnswers, type Harness } from './api-harness';
import { assign, seedApplication, submitApplication } from './staff-fixtures';
import type { StoreTest } from './store-targets';

/**
 * The pipeline at a glance (staff/dashboard/pipeline.service.ts): the funnel per role and the role
 * applications per day from the form's stored counters (store/form-counters.ts), each reviewer's
 * submitted reviews per day from their load's daily buckets (a reopened review taken back from its
 * day), and no row, response or review read or counted for any of it. Run on SQLite
 * (pipeline.routes.test.ts) and on the Firestore emulator (pipeline.emulator.test.ts); the
 * harness's store counts what it reads (`countingStore`).
 */

const REVIEW = { scores: { motivation: 4, experience: 3, communication: 2 }, comments: '', version: 0 };

async function submitReview(harness: Harness, caller: 'rita' | 'rob', review: AssessmentView) {
  const res = await harness.as(caller).post(`/admin/assessments/review/${review.id}/submit`, REVIEW);
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
}

/** ada (engineer and bootcamp) on day 1, zed (bootcamp) on day 2, eve's bootcamp draft; reviews on days 3 to 5. */
async function seedCycle(harness: Harness): Promise<void> {
  const ada = await submitApplication(harness, 'ada');
  const draft = await startResponse(harness, 'eve');
  const saved = await harness
    .as('eve')
    .put(`/application/save/${draft.id}`, withAnswers(draft, { 'roles.roles': ['bootcamp'] }));
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text}`);
  const zed = await seedApplication(harness, { id: 'zed', firstName: 'Zed', lastName: 'Tester' }, ['bootcamp'], {
    submittedAt: later(START, DAY_MS).toISOString(),
  });

  harness.clock.now = later(START, 2 * DAY_MS);
  const [ritaAda, robAda, ritaZed] = await assign(harness, [
    { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
    { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
    { responseId: zed.id, role: 'bootcamp', staffId: 'rita' },
  ]);
  await submitReview(harness, 'rita', ritaAda!);
  await submitReview(harness, 'rob', robAda!);
  harness.clock.now = later(START, 3 * DAY_MS);
  await submitReview(harness, 'rita', ritaZed!);
  harness.clock.now = later(START, 4 * DAY_MS);
  const reopened = await harness.as('dora').post(`/admin/assessments/review/${ritaZed!.id}/reopen`, {});
  if (reopened.status !== 200) throw new Error(`reopen failed: ${reopened.status} ${reopened.text}`);

  const dora = harness.as('dora');
  await dora.put(`/admin/rows/${ada.id}/bootcamp/qualified`, { qualified: true }).expect(200);
  const [interview] = await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rob' }], 'interview');
  await harness
    .as('rob')
    .post(`/admin/assessments/interview/${interview!.id}/submit`, {
      scores: { teamwork: 4, 'problem-solving': 3 },
      comments: '',
      version: 0,
    })
    .expect(200);
  await dora.put(`/admin/rows/${ada.id}/bootcamp/decision`, { decision: 'accepted' }).expect(200);
  await dora.put(`/admin/rows/${zed.id}/bootcamp/decision`, { decision: 'denied' }).expect(200);
  // The applicant's reply comes after the release; here it is written as the reply route stores it.
  await harness.store.update(COLLECTIONS.reviewStatuses, `${ada.id}__bootcamp`, {
    offer: 'accepted',
    offerPending: false,
    decisionStage: 'offer-accepted',
  });
}

const steps = (page: PipelinePage, role: string) =>
  page.funnels
    .find((funnel) => funnel.role === role)
    ?.steps.map((step) => [step.stage, step.count, step.shareOfPrevious]);

export function pipelineScenarios(run: StoreTest): void {
  run(
    'counts each role’s funnel, the role applications per day and each reviewer’s reviews per day',
    async (harness) => {
      // The form's counters start with its first read (recounted from no rows), then every write keeps them.
      await harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline`).expect(200);
      await seedCycle(harness);
      const get = jest.spyOn(harness.store, 'get');
      const getAll = jest.spyOn(harness.store, 'getAll');
      let calls: { get: unknown[][]; getAll: unknown[][] } = { get: [], getAll: [] };
      const { result: res, counts } = await (harness.store as CountingStore)
        .measure(() => harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline`))
        .finally(() => {
          calls = { get: [...get.mock.calls], getAll: [...getAll.mock.calls] };
          get.mockRestore();
          getAll.mockRestore();
        });
      expect(res.status).toBe(200);
      // The reviewers' names: one batched read of their users, not a request each.
      const reviewers = ['rita', 'rob'];
      expect(calls.getAll.filter(([collection]) => collection === COLLECTIONS.users)).toEqual([
        [COLLECTIONS.users, expect.arrayContaining(reviewers)],
      ]);
      expect(calls.get.filter(([, id]) => reviewers.includes(id as string))).toEqual([]);
      const page = res.body as PipelinePage;

      expect(page.funnels.map((funnel) => funnel.role)).toEqual(['bootcamp', 'engineer']);
      expect(steps(page, 'bootcamp')).toEqual([
        ['started', 3, null],
        ['submitted', 2, 2 / 3],
        ['reviewed', 1, 0.5],
        ['qualified', 1, 1],
        ['interviewed', 1, 1],
        ['decided', 2, 2],
        ['offer-accepted', 1, 0.5],
      ]);
      expect(steps(page, 'engineer')).toEqual([
        ['started', 1, null],
        ['submitted', 1, 1],
        ['reviewed', 0, 0],
        ['qualified', 0, null],
        ['interviewed', 0, null],
        ['decided', 0, null],
        ['offer-accepted', 0, null],
      ]);

      const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      expect(page.dueDate).toBe(form.dueDate);
      expect(page.days[0]).toBe('2026-03-01');
      expect(page.days[page.days.length - 1]).toBe(utcDay(form.dueDate));
      expect(page.submittedPerDay.length).toBe(page.days.length);
      expect(page.submittedPerDay.slice(0, 5)).toEqual([2, 1, 0, 0, 0]);
      expect(page.submittedPerDay.reduce((sum, count) => sum + count, 0)).toBe(3);

      // Rita's review of Zed, submitted on day 4 and reopened on day 5, is taken back from day 4.
      expect(page.reviewers.map((reviewer) => [reviewer.staffName, reviewer.submitted.slice(0, 6)])).toEqual([
        ['rita Tester', [0, 0, 1, 1, 1, 1]],
        ['rob Tester', [0, 0, 1, 1, 1, 1]],
      ]);

      // The form's stored counters (its marker and FORM_COUNTER_SHARDS shards): no row or response is
      // read or counted, nor any review.
      for (const collection of [COLLECTIONS.reviewStatuses, COLLECTIONS.responses, COLLECTIONS.reviews]) {
        expect([collection, counts.byCollection[collection]]).toEqual([collection, undefined]);
      }
      expect(counts.byCollection[COLLECTIONS.interviews]).toBeUndefined();
      expect(counts.byCollection[COLLECTIONS.formCounters]!.reads).toBe(1 + FORM_COUNTER_SHARDS);
    },
  );

  run(
    'lists the rows a chart counts: a role’s stage by applicant name, a day’s submissions in order',
    async (harness) => {
      await seedCycle(harness);
      const rows = async (query: string) => {
        const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline/rows?${query}`);
        expect(res.status).toBe(200);
        const page = res.body as Page<ApplicationRowView>;
        return [page.total, page.items.map((row) => `${row.applicantName} ${row.role}`)];
      };
      expect(await rows('role=bootcamp&stage=submitted')).toEqual([2, ['ada Tester bootcamp', 'Zed Tester bootcamp']]);
      expect(await rows('role=bootcamp&stage=reviewed')).toEqual([1, ['ada Tester bootcamp']]);
      expect(await rows('role=bootcamp&stage=qualified')).toEqual([1, ['ada Tester bootcamp']]);
      expect(await rows('role=bootcamp&stage=interviewed')).toEqual([1, ['ada Tester bootcamp']]);
      expect(await rows('role=bootcamp&stage=decided')).toEqual([2, ['ada Tester bootcamp', 'Zed Tester bootcamp']]);
      expect(await rows('role=bootcamp&stage=offer-accepted')).toEqual([1, ['ada Tester bootcamp']]);
      expect(await rows('role=engineer&stage=reviewed')).toEqual([0, []]);
      expect(await rows('day=2026-03-02')).toEqual([1, ['Zed Tester bootcamp']]);
      const first = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline/rows?day=2026-03-01&limit=1`))
        .body as Page<ApplicationRowView>;
      expect([first.total, first.items.length, typeof first.nextCursor]).toEqual([2, 1, 'string']);

      for (const bad of ['', 'role=bootcamp', 'stage=qualified', 'role=bootcamp&stage=started', 'day=March']) {
        expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline/rows?${bad}`)).status).toBe(400);
      }
      await harness.as('rita').get(`/admin/forms/${FORM_ID}/pipeline/rows?day=2026-03-01`).expect(403);
    },
  );

  run('a load stored before the daily buckets counts its reviews from the first day', async (harness) => {
    await seedApplication(harness, { id: 'zed', firstName: 'Zed', lastName: 'Tester' }, ['bootcamp']);
    await harness.store.set(COLLECTIONS.staffLoads, `${FORM_ID}__rita`, {
      id: `${FORM_ID}__rita`,
      applicationFormId: FORM_ID,
      staffId: 'rita',
      reviewsAssigned: 4,
      reviewsDone: 3,
      interviewsAssigned: 0,
      interviewsDone: 0,
    });
    const page = (await harness.as('dora').get(`/admin/forms/${FORM_ID}/pipeline`).expect(200)).body as PipelinePage;
    expect(page.reviewers).toEqual([{ staffId: 'rita', staffName: 'rita Tester', submitted: page.days.map(() => 3) }]);
  });

  run('is the super-reviewer’s alone, and 404 for a form that does not exist', async (harness) => {
    await harness.as('rita').get(`/admin/forms/${FORM_ID}/pipeline`).expect(403);
    await harness.as('ada').get(`/admin/forms/${FORM_ID}/pipeline`).expect(403);
    await harness.as('dora').get('/admin/forms/no-such-form/pipeline').expect(404);
  });
}
