import {
  searchTokens,
  tabCounterKey,
  type ApplicationRow,
  type ConflictOfInterest,
  type ConflictView,
} from '@portal/shared/domain';
import { answerSearchTokensMigration } from './answer-search-tokens';
import { conflictPublicIdsMigration } from './conflict-public-ids';
import { decisionStagesMigration } from './decision-stages';
import { recountFormCountersMigration } from './recount-form-counters';
import { disagreementFlagsMigration } from './disagreement-flags';
import { offerPendingMigration } from './offer-pending';
import { runMigrations, type Migration } from './run-migrations';
import { schedulerWorkMigration } from './scheduler-work';
import { searchPostingsMigration } from './search-postings';
import { userSearchFieldsMigration } from './user-search-fields';
import { formStatusOf, type FormStatus } from '../forms/form-status';
import { formsWithWork } from '../scheduler/form-work';
import { indexRowsForSearch, unindexRowsForSearch } from '../staff/search-postings';
import { COLLECTIONS } from '../store/collections';
import { countOf, storedFormCounts } from '../store/form-counters';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';
import { assign, submitApplication } from '../testing/staff-fixtures';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const AT = new Date('2026-11-24T09:00:00.000Z');

it('runs each migration once per database, in order, and records when and how much it changed', async () => {
  const ran: string[] = [];
  const migration = (id: string, changed: number): Migration => ({
    id,
    run: async () => {
      ran.push(id);
      return changed;
    },
  });
  const list = [migration('first', 2), migration('second', 0)];

  expect(await runMigrations(harness.store, list, () => AT)).toEqual([
    { id: 'first', changed: 2 },
    { id: 'second', changed: 0 },
  ]);
  expect(await runMigrations(harness.store, list, () => AT)).toEqual([]);
  expect(ran).toEqual(['first', 'second']);
  expect(await harness.store.get(COLLECTIONS.migrations, 'first')).toEqual({
    appliedAt: AT.toISOString(),
    changed: 2,
  });
});

it('a migration that fails is not recorded, so the next start runs it again', async () => {
  let attempts = 0;
  const flaky: Migration = {
    id: 'flaky',
    run: async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('store unavailable');
      return 1;
    },
  };
  await expect(runMigrations(harness.store, [flaky])).rejects.toThrow('store unavailable');
  expect(await runMigrations(harness.store, [flaky])).toEqual([{ id: 'flaky', changed: 1 }]);
});

it('gives rows accepted before offerPending existed the key, so the "Offer pending" filter finds them', async () => {
  const ada = await submitApplication(harness, 'ada');
  const dora = harness.as('dora');
  expect((await dora.put(`/admin/rows/${ada.id}/engineer/decision`, { decision: 'accepted' })).status).toBe(200);
  expect((await dora.put(`/admin/rows/${ada.id}/bootcamp/decision`, { decision: 'denied' })).status).toBe(200);
  // As a row was stored before this change: without the key (nor the stage the filter reads now).
  for (const role of ['engineer', 'bootcamp']) {
    const id = `${ada.id}__${role}`;
    const {
      offerPending: _pending,
      decisionStage: _stage,
      ...old
    } = (await harness.store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id))!;
    await harness.store.set(COLLECTIONS.reviewStatuses, id, old);
  }
  const pending = async () =>
    (await dora.get(`/admin/forms/${FORM_ID}/rows?filter=offer-pending`)).body.items.map(
      (row: { id: string }) => row.id,
    );
  expect(await pending()).toEqual([]);

  expect(await runMigrations(harness.store, [offerPendingMigration])).toEqual([
    { id: '2026-11-offer-pending', changed: 1 },
  ]);

  expect(await pending()).toEqual([`${ada.id}__engineer`]);
  expect((await runMigrations(harness.store, [offerPendingMigration])).length).toBe(0);
});

it('gives rows stored before decisionStage existed their stage, so the decision and offer filters find them', async () => {
  const ada = await submitApplication(harness, 'ada');
  const eve = await submitApplication(harness, 'eve');
  const dora = harness.as('dora');
  expect((await dora.put(`/admin/rows/${ada.id}/engineer/decision`, { decision: 'accepted' })).status).toBe(200);
  expect((await dora.put(`/admin/rows/${ada.id}/bootcamp/decision`, { decision: 'denied' })).status).toBe(200);
  // As the rows were stored before this change: without the stage.
  const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items;
  for (const { id, data } of rows) {
    const { decisionStage: stage, ...old } = data;
    expect(stage).toBeDefined();
    await harness.store.set(COLLECTIONS.reviewStatuses, id, old);
  }
  const filtered = async (filter: string) =>
    (await dora.get(`/admin/forms/${FORM_ID}/rows?filter=${filter}&sort=name`)).body.items
      .map((row: { id: string }) => row.id)
      .sort();
  expect(await filtered('undecided')).toEqual([]);
  expect(await filtered('offer-pending')).toEqual([]);

  expect(await runMigrations(harness.store, [decisionStagesMigration])).toEqual([
    { id: '2026-12-decision-stages', changed: rows.length },
  ]);
  expect(await filtered('undecided')).toEqual([`${eve.id}__bootcamp`, `${eve.id}__engineer`].sort());
  expect(await filtered('offer-pending')).toEqual([`${ada.id}__engineer`]);
  expect(await filtered('offered')).toEqual([`${ada.id}__engineer`]);
});

it("gives rows stored before the search found answers their answers' words, so the dashboard's search finds them", async () => {
  await submitApplication(harness, 'ada');
  await submitApplication(harness, 'eve');
  // As the rows were stored before this change: the name and email tokens alone, and the search's
  // postings those of the rows as stored.
  const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items;
  await unindexRowsForSearch(
    harness.store,
    rows.map((row) => row.data),
  );
  for (const { id, data } of rows) {
    const [first = '', last = ''] = data.applicantName.split(' ');
    const names = searchTokens({ firstName: first, lastName: last, email: data.applicantEmail });
    expect(data.searchTokens).toEqual(expect.arrayContaining([...names, 'impact0', 'built3']));
    await harness.store.update(COLLECTIONS.reviewStatuses, id, { searchTokens: names });
    await indexRowsForSearch(harness.store, [{ ...data, searchTokens: names }]);
  }
  const found = async (search: string) =>
    (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?search=${search}`)).body.total as number;
  expect([await found('impact0'), await found('built3'), await found('ada')]).toEqual([0, 0, 2]);

  expect(await runMigrations(harness.store, [answerSearchTokensMigration])).toEqual([
    { id: '2026-12-answer-search-tokens', changed: rows.length },
  ]);
  expect([await found('impact0'), await found('built3'), await found('ada')]).toEqual([4, 4, 2]);
  // Run again (cut short, say), it changes nothing.
  expect(await answerSearchTokensMigration.run(harness.store)).toBe(0);
});

it('adds rows stored before the search postings to them, so the dashboard search finds them', async () => {
  await submitApplication(harness, 'ada');
  await submitApplication(harness, 'eve');
  // As the rows were stored before this change: in no posting.
  const postings = (await harness.store.query(COLLECTIONS.searchPostings)).items;
  expect(postings.length).toBeGreaterThan(0);
  await harness.store.batch(postings.map(({ id }) => ({ kind: 'delete', collection: COLLECTIONS.searchPostings, id })));
  const found = async (search: string) =>
    (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?search=${search}`)).body.total as number;
  expect([await found('impact0'), await found('ada')]).toEqual([0, 0]);

  expect(await runMigrations(harness.store, [searchPostingsMigration])).toEqual([
    { id: '2026-12-search-postings', changed: postings.length },
  ]);
  expect([await found('impact0'), await found('built3'), await found('ada')]).toEqual([4, 4, 2]);
  // Run again (cut short, say), it writes nothing.
  expect(await searchPostingsMigration.run(harness.store)).toBe(0);
});

it("gives form statuses written before nextWorkAt the form's next work, so the scheduler reads the form again", async () => {
  // As the status was stored before this change: without the time.
  const { nextWorkAt, ...old } = (await harness.store.get<FormStatus>(COLLECTIONS.formStatus, FORM_ID))!;
  expect(nextWorkAt).toEqual(expect.any(String));
  await harness.store.set(COLLECTIONS.formStatus, FORM_ID, old);
  const inDraftWindow = new Date(Date.parse(harness.form.dueDate) - 60_000);
  const withWork = async () => (await formsWithWork(harness.store, inDraftWindow)).map((form) => form.id);
  expect(await withWork()).toEqual([]);

  expect(await runMigrations(harness.store, [schedulerWorkMigration])).toEqual([
    { id: '2026-12-scheduler-work', changed: 1 },
  ]);
  expect(await harness.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(harness.form));
  expect(await withWork()).toEqual([FORM_ID]);
});

/** Rita scores the response's bootcamp row 4 and Rob 1: beyond a disagreement threshold of 1. */
async function reviewedApart(responseId: string) {
  const scored = (value: number) => ({ motivation: value, experience: value, communication: value });
  const [rita, rob] = await assign(harness, [
    { responseId, role: 'bootcamp', staffId: 'rita' },
    { responseId, role: 'bootcamp', staffId: 'rob' },
  ]);
  for (const [caller, assessment, value] of [
    ['rita', rita!, 4],
    ['rob', rob!, 1],
  ] as const) {
    const res = await harness
      .as(caller)
      .post(`/admin/assessments/review/${assessment.id}/submit`, { scores: scored(value), comments: '', version: 0 });
    expect(res.status).toBe(200);
  }
}

it('flags rows reviewed before disagreementFlag existed, so the "Disagreement" filter finds them', async () => {
  await harness.store.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: 1 });
  const ada = await submitApplication(harness, 'ada');
  await reviewedApart(ada.id);
  const id = `${ada.id}__bootcamp`;
  const flagged = async () =>
    (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?filter=disagreement`)).body.items.map(
      (row: { id: string }) => row.id,
    );
  // The first filter under the form's calibration stores the rows' flags (calibrated-order.ts).
  expect(await flagged()).toEqual([id]);
  // As the row was stored before this change: without the flag.
  const { disagreementFlag: flag, ...old } = (await harness.store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id))!;
  expect(flag).toBe(true);
  await harness.store.set(COLLECTIONS.reviewStatuses, id, old);
  expect(await flagged()).toEqual([]);

  expect(await runMigrations(harness.store, [disagreementFlagsMigration])).toEqual([
    { id: '2026-11-disagreement-flags', changed: 1 },
  ]);
  expect(await flagged()).toEqual([id]);
});

it("counts the flagged rows of forms counted before the disagreement filter's total was a counter", async () => {
  await harness.store.update(COLLECTIONS.forms, FORM_ID, { disagreementThreshold: 1 });
  const ada = await submitApplication(harness, 'ada');
  await submitApplication(harness, 'eve');
  await reviewedApart(ada.id);
  const disagreement = async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?filter=disagreement`);
    expect(res.status).toBe(200);
    return { ids: res.body.items.map((row: { id: string }) => row.id), total: res.body.total };
  };
  const flagged = { ids: [`${ada.id}__bootcamp`], total: 1 };
  // The first filter under the form's calibration stores the flags, and the counter follows them.
  expect(await disagreement()).toEqual(flagged);
  // As counted before this change: no counter of the flagged rows in any shard.
  const key = tabCounterKey(false, 'disagreement');
  for (const shard of [0, 1, 2, 3]) {
    const id = `${FORM_ID}__${shard}`;
    const stored = await harness.store.get<{ formId: string; counts: Record<string, number> }>(
      COLLECTIONS.formCounters,
      id,
    );
    if (!stored) continue;
    const { [key]: _count, ...counts } = stored.counts;
    await harness.store.set(COLLECTIONS.formCounters, id, { ...stored, counts });
  }
  expect(await disagreement()).toEqual({ ...flagged, total: 0 });

  expect(await runMigrations(harness.store, [recountFormCountersMigration])).toEqual([
    { id: '2026-12-recount-form-counters', changed: 1 },
  ]);
  expect(await disagreement()).toEqual(flagged);
});

it('counts forms never counted, so no first read counts them while applicants save', async () => {
  await submitApplication(harness, 'ada');
  expect(await storedFormCounts(harness.store, FORM_ID)).toBeNull();
  await runMigrations(harness.store, [recountFormCountersMigration]);
  expect(countOf((await storedFormCounts(harness.store, FORM_ID))!, 'responses')).toBe(1);
});

it('gives users stored without their search keys the keys, so the Users page lists and finds them', async () => {
  const listed = async (query = '') =>
    ((await harness.as('dora').get(`/admin/users?limit=100${query}`)).body.items as { id: string }[]).map(
      (user) => user.id,
    );
  // As npm start's demo reviews stored their sample people: the profile alone.
  const sample = { id: 'sample-1', email: 'sample-1@example.com', firstName: 'Harper', lastName: 'Harsh' };
  await harness.store.set(COLLECTIONS.users, sample.id, { ...sample, role: 'reviewer', activeApplications: [] });
  expect(await listed()).not.toContain(sample.id);

  // The harness users are stored with their keys, as production stores users: only the sample changes.
  const [outcome] = await runMigrations(harness.store, [userSearchFieldsMigration]);
  expect(outcome!.changed).toBe(1);

  expect(await listed()).toContain(sample.id);
  expect(await listed('&search=harper')).toEqual([sample.id]);
  // A second pass has nothing left to change.
  expect(await userSearchFieldsMigration.run(harness.store)).toBe(0);
});

it('gives conflicts declared before public ids one, by which they are read and withdrawn', async () => {
  const declare = (email: string) => harness.as('rita').post('/admin/conflicts', { email }).expect(201);
  const kept = (await declare('eve@example.com')).body as ConflictView;
  await declare('ada@example.com');
  // As a conflict was stored before public ids: without one.
  const stored = (await harness.store.query<ConflictOfInterest>(COLLECTIONS.conflicts)).items.map((item) => item.data);
  const old = stored.find((conflict) => conflict.email === 'ada@example.com')!;
  const { publicId: _publicId, ...withoutPublicId } = old;
  await harness.store.set(COLLECTIONS.conflicts, old.id, withoutPublicId);

  expect(await runMigrations(harness.store, [conflictPublicIdsMigration])).toEqual([
    { id: '2026-12-conflict-public-ids', changed: 1 },
  ]);

  const listed = (await harness.as('rita').get('/admin/conflicts')).body.items as ConflictView[];
  const migrated = listed.find((conflict) => conflict.email === 'ada@example.com')!;
  expect(migrated.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(listed.find((conflict) => conflict.email === 'eve@example.com')!.id).toBe(kept.id);
  await harness.as('rita').delete(`/admin/conflicts/${migrated.id}`).expect(204);
  expect(await conflictPublicIdsMigration.run(harness.store)).toBe(0);
});
