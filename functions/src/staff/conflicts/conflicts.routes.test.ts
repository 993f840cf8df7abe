import { createHash } from 'node:crypto';
import {
  applicantPseudonym,
  CONFLICT_MESSAGES,
  type ApplicationResponse,
  type AuditEntry,
  type AutoAssignPreview,
  type ConflictView,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { createHarness, FORM_ID, type Harness } from '../../testing/api-harness';
import { assign, setPreferences, storedRow, submitApplication } from '../../testing/staff-fixtures';

let harness: Harness;
let ada: ApplicationResponse;

beforeEach(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
  // rob reviews engineers too: the one who takes over rita's review.
  await setPreferences(harness, 'rob', ['bootcamp', 'engineer']);
});

afterEach(() => harness.close());

const declareOn = (id: string, caller: 'rita' | 'rob' | 'dora' = 'rita', reason = 'We share a flat') =>
  harness.as(caller).post(`/admin/assessments/review/${id}/conflict`, { reason });
/** The audit log's actions, in name order (the harness clock stands still: one time for all). */
const auditActions = async () =>
  ((await harness.store.query(COLLECTIONS.audit)).items.map((item) => item.data) as unknown as AuditEntry[])
    .map((entry) => entry.action)
    .sort();
/** ada's user id (as a value or as part of a key) and her email's SHA-256 (any 16 hex digits of it) in an answer. */
const identifiersOfAda = (body: unknown): string[] => {
  const hash = createHash('sha256').update('ada@example.com').digest('hex');
  const text = JSON.stringify(body);
  return [
    ...(text.match(/"ada"|"ada__|__ada"/g) ?? []),
    ...[0, 16, 32, 48].flatMap((at) => (text.includes(hash.slice(at, at + 16)) ? [hash.slice(at, at + 16)] : [])),
  ];
};
const preview = async () =>
  (await harness.as('dora').post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 2 }))
    .body as AutoAssignPreview;

describe('a conflict declared on an assigned review', () => {
  it('takes the application from the declarer at once and gives the review to the least loaded eligible reviewer', async () => {
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);

    const res = await declareOn(review!.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ staffId: 'rita', label: 'ada Tester', reason: 'We share a flat' });
    // What it set aside and gave to someone else, the super-reviewer reads.
    const [listed] = (await harness.as('dora').get('/admin/conflicts')).body.items as ConflictView[];
    expect([listed!.id, listed!.setAside, listed!.reassigned]).toEqual([res.body.id, 1, 1]);

    expect((await harness.as('rita').get(`/admin/assessments/review/${review!.id}`)).status).toBe(404);
    expect((await harness.as('rita').get(`/admin/responses/${ada.id}`)).status).toBe(403);
    const row = await storedRow(harness, ada.id, 'engineer');
    expect(row!.reviews.map((ref) => ref.staffId)).toEqual([expect.not.stringMatching(/^rita$/)]);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['conflict.declared', 'assignment.removed', 'assignment.created']),
    );
  });

  it('keeps auto-assign away from them for good, and a manual assignment asks first', async () => {
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    await declareOn(review!.id).expect(201);
    await setPreferences(harness, 'rita', ['bootcamp', 'engineer']);

    const plan = await preview();
    expect(plan.assignments.filter((item) => item.responseId === ada.id && item.staffId === 'rita')).toEqual([]);

    const manual = { kind: 'review', assignments: [{ responseId: ada.id, role: 'bootcamp', staffId: 'rita' }] };
    const refused = await harness.as('dora').post('/admin/assignments', manual);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      message: CONFLICT_MESSAGES.declared(['rita Tester']),
      reason: 'conflict-of-interest',
    });
    expect(refused.body.error.details).toEqual([
      { path: 'assignments.0.staffId', message: CONFLICT_MESSAGES.declared(['rita Tester']) },
    ]);
    expect(
      (await harness.as('dora').post('/admin/assignments', { ...manual, acknowledgeConflicts: true })).status,
    ).toBe(201);
  });

  it('"Add a reviewer" (a disagreement\'s action) passes over them too', async () => {
    await setPreferences(harness, 'rita', ['bootcamp', 'engineer', 'designer']);
    await setPreferences(harness, 'rob', ['bootcamp', 'engineer', 'designer']);
    expect((await harness.as('rita').post('/admin/conflicts', { email: 'ada@example.com' })).status).toBe(201);
    // rita is the least loaded (rob already reviews eve): only her conflict keeps her out.
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [{ responseId: eve.id, role: 'engineer', staffId: 'rob' }]);
    const added = await harness.as('dora').post(`/admin/rows/${ada.id}/engineer/add-reviewer`, {});
    expect(added.status).toBe(201);
    expect(added.body.staffId).toBe('rob');
  });

  it("a demoted reviewer's open review is reassigned past anyone with a conflict", async () => {
    // rob is the least loaded (dora already reviews eve): only his conflict keeps him out.
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: eve.id, role: 'engineer', staffId: 'dora' },
    ]);
    expect((await harness.as('rob').post('/admin/conflicts', { email: 'ada@example.com' })).status).toBe(201);
    const demoted = await harness
      .as('dora')
      .post('/admin/users/role', { userIds: ['rita'], role: 'applicant', openAssignments: 'reassign' });
    expect(demoted.status).toBe(200);
    const row = await storedRow(harness, ada.id, 'engineer');
    expect(row!.reviews.map((ref) => ref.staffId)).toEqual(['dora']);
  });

  it('is refused on a submitted review, on someone else’s, and after release, without writing', async () => {
    const [mine, robs] = await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await harness
      .as('rita')
      .post(`/admin/assessments/review/${mine!.id}/submit`, {
        scores: { motivation: 3, experience: 3, communication: 3 },
        comments: 'ok',
        version: 0,
      })
      .expect(200);
    const submitted = await declareOn(mine!.id);
    expect([submitted.status, submitted.body.error.message, submitted.body.error.reason]).toEqual([
      409,
      CONFLICT_MESSAGES.submitted,
      'assessment-submitted',
    ]);
    const others = await declareOn(robs!.id);
    expect([others.status, others.body.error.message]).toEqual([403, CONFLICT_MESSAGES.notYours]);
    expect((await declareOn(robs!.id, 'dora')).status).toBe(403);
    expect((await harness.as('rita').post(`/admin/assessments/review/${mine!.id}/conflict`, { why: 1 })).status).toBe(
      400,
    );
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
    const released = await declareOn(robs!.id, 'rob');
    expect(released.status).toBe(409);
    expect((await harness.store.query(COLLECTIONS.conflicts)).items).toEqual([]);
  });

  it('in blind review, the declarer reads back the pseudonym, never the email; the super-reviewer reads both', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { review: true } });
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const declared = await declareOn(review!.id);
    expect(declared.body).toMatchObject({ label: applicantPseudonym(ada.id), email: null });
    expect(JSON.stringify(declared.body)).not.toMatch(/ada Tester|ada@example\.com/);

    const mine = (await harness.as('rita').get('/admin/conflicts')).body.items as ConflictView[];
    expect(mine.map((each) => [each.label, each.email])).toEqual([[applicantPseudonym(ada.id), null]]);
    const all = (await harness.as('dora').get('/admin/conflicts')).body.items as ConflictView[];
    expect(all.map((each) => [each.staffName, each.email])).toEqual([['rita Tester', 'ada@example.com']]);
  });

  it('in blind review, its id and every answer about it carry no user id and nothing derived from the email', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { review: true } });
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const declared = await declareOn(review!.id);
    expect(declared.status).toBe(201);
    const listed = await harness.as('rita').get('/admin/conflicts');
    for (const res of [declared, listed]) expect(identifiersOfAda(res.body)).toEqual([]);
    await harness.as('rita').delete(`/admin/conflicts/${declared.body.id}`).expect(204);
  });
});

describe('a conflict declared ahead of time, by email', () => {
  it('keeps them off the applicant from the start, and sets aside work they already have', async () => {
    await setPreferences(harness, 'rita', ['bootcamp', 'engineer']);
    const eve = await submitApplication(harness, 'eve');
    const [open] = await assign(harness, [{ responseId: eve.id, role: 'engineer', staffId: 'rita' }]);

    for (const email of ['ADA@example.com', 'eve@example.com']) {
      expect((await harness.as('rita').post('/admin/conflicts', { email, reason: 'Friends' })).status).toBe(201);
    }
    expect((await harness.as('rita').get(`/admin/assessments/review/${open!.id}`)).status).toBe(404);
    const plan = await preview();
    expect(plan.assignments.filter((item) => item.staffId === 'rita')).toEqual([]);

    const mine = (await harness.as('rita').get('/admin/conflicts')).body.items as ConflictView[];
    expect(mine.map((each) => each.email).sort()).toEqual(['ada@example.com', 'eve@example.com']);
    expect((await harness.as('rob').get('/admin/conflicts')).body.items).toEqual([]);
  });

  it('answers a reviewer alike for an applicant in their queue and an unknown address: no user id, nothing set aside', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { review: true } });
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const known = await harness.as('rita').post('/admin/conflicts', { email: 'ada@example.com', reason: 'Friends' });
    const unknown = await harness
      .as('rita')
      .post('/admin/conflicts', { email: 'nobody@example.com', reason: 'Friends' });
    expect([known.status, unknown.status]).toEqual([201, 201]);
    // What differs is only what rita typed and the id the declaration got.
    const shape = (body: ConflictView) => ({ ...body, id: typeof body.id, email: null, label: null });
    expect(shape(known.body)).toEqual(shape(unknown.body));
    const listed = (await harness.as('rita').get('/admin/conflicts')).body.items as ConflictView[];
    expect(listed.map(shape)).toEqual([shape(unknown.body), shape(unknown.body)]);
    for (const body of [known.body, unknown.body, listed]) expect(identifiersOfAda(body)).toEqual([]);
    // Declared again, it is the same declaration, under the same id.
    const again = await harness
      .as('rita')
      .post('/admin/conflicts', { email: 'ADA@example.com', reason: 'Old friends' });
    expect([again.body.id, again.body.reason]).toEqual([known.body.id, 'Old friends']);
    // The super-reviewer reads what each one did.
    const all = (await harness.as('dora').get('/admin/conflicts')).body.items as ConflictView[];
    expect(all.map((each) => [each.email, each.setAside])).toEqual(
      expect.arrayContaining([
        ['ada@example.com', 1],
        ['nobody@example.com', 0],
      ]),
    );
  });

  it('refuses a body that is not an email, naming the field', async () => {
    const res = await harness.as('rita').post('/admin/conflicts', { email: 'not an email' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['email']);
  });

  it('is withdrawn by its declarer or the super-reviewer, audited; others learn nothing of it', async () => {
    const declared = (await harness.as('rita').post('/admin/conflicts', { email: 'ada@example.com' })).body;
    expect((await harness.as('rob').delete(`/admin/conflicts/${declared.id}`)).status).toBe(404);
    expect((await harness.as('rita').delete(`/admin/conflicts/${declared.id}`)).status).toBe(204);
    expect((await harness.as('rita').get('/admin/conflicts')).body.items).toEqual([]);
    expect(await auditActions()).toEqual(['conflict.declared', 'conflict.withdrawn']);
    expect((await harness.as('rita').delete(`/admin/conflicts/${declared.id}`)).status).toBe(404);
  });
});
