import {
  applicantPseudonym,
  STAFF_MESSAGES,
  type ApplicationResponse,
  type AssessmentScreen,
  type AssessmentView,
  type Page,
  type StaffApplication,
} from '@portal/shared/domain';
import { staffLoadId, type StaffLoad } from './staff-load';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, later, START, storedResponse, type Harness } from '../testing/api-harness';
import { assign, dumpStore, storedRow, submitApplication } from '../testing/staff-fixtures';

let harness: Harness;
let ada: ApplicationResponse;

beforeEach(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
});
afterEach(() => harness.close());

const load = (staffId: string) => harness.store.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(FORM_ID, staffId));
const body = (scores: Record<string, number>, version: number, comments = '') => ({ scores, comments, version });
const FULL = { motivation: 4, experience: 2, communication: 3 };

describe('the review workflow', () => {
  it('assigns, saves, submits, scores, reopens and unassigns, keeping row, loads and status in step', async () => {
    const [rita, rob] = await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'engineer', staffId: 'rob' },
    ]);
    expect(rita).toMatchObject({ staffId: 'rita', state: 'not-started', version: 0, applicantName: 'ada Tester' });
    expect(rita).not.toHaveProperty('searchTokens');
    expect((await storedResponse(harness, ada.id))?.status).toBe('in-review');
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({
      decision: 'under-review',
      reviewsAssigned: 2,
      reviewsDone: 0,
      reviewScore: null,
    });
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 1, reviewsDone: 0 });

    harness.clock.now = later(START, 1000);
    const draft = await harness
      .as('rita')
      .put(`/admin/assessments/review/${rita!.id}`, body({ motivation: 3 }, 0, 'A start'));
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      state: 'draft',
      version: 1,
      score: null,
      comments: 'A start',
      updatedAt: later(START, 1000).toISOString(),
    });
    expect((await storedRow(harness, ada.id, 'engineer'))?.reviews[0]).toMatchObject({
      staffId: 'rita',
      state: 'draft',
    });

    const stale = await harness.as('rita').put(`/admin/assessments/review/${rita!.id}`, body(FULL, 0));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ message: STAFF_MESSAGES.staleAssessment, reason: 'stale-version' });
    expect(stale.body.error.details.current).toMatchObject({ version: 1, state: 'draft' });

    const submitted = await harness.as('rita').post(`/admin/assessments/review/${rita!.id}/submit`, body(FULL, 1));
    expect(submitted.status).toBe(200);
    // (2·4 + 1·2 + 1·3) / (2 + 1 + 1)
    expect(submitted.body).toMatchObject({ state: 'submitted', score: 3.25, version: 2 });
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ reviewsDone: 1, reviewScore: 3.25 });
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 1, reviewsDone: 1 });

    const readOnly = await harness.as('rita').put(`/admin/assessments/review/${rita!.id}`, body(FULL, 2));
    expect(readOnly.status).toBe(409);
    expect(readOnly.body.error).toMatchObject({ message: STAFF_MESSAGES.readOnly, reason: 'assessment-submitted' });

    const robScores = { motivation: 2, experience: 4, communication: 1 };
    expect(
      (await harness.as('rob').post(`/admin/assessments/review/${rob!.id}/submit`, body(robScores, 0))).status,
    ).toBe(200);
    // means 3, 3, 2: (2·3 + 3 + 2) / 4
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({
      decision: 'reviewed',
      reviewsDone: 2,
      reviewScore: 2.75,
    });

    const reopened = await harness.as('dora').post(`/admin/assessments/review/${rita!.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ state: 'draft', submittedAt: null, scores: FULL });
    const row = await storedRow(harness, ada.id, 'engineer');
    // only rob's: (2·2 + 4 + 1) / 4
    expect(row).toMatchObject({ decision: 'under-review', reviewsDone: 1, reviewScore: 2.25 });
    expect(row?.reviews.find((ref) => ref.staffId === 'rita')).toEqual({
      assessmentId: rita!.id,
      staffId: 'rita',
      staffName: 'rita Tester',
      state: 'draft',
    });
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 1, reviewsDone: 0 });

    const again = await harness.as('dora').post(`/admin/assessments/review/${rita!.id}/reopen`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      message: STAFF_MESSAGES.notSubmitted,
      reason: 'assessment-not-submitted',
    });

    const refused = await harness.as('dora').delete(`/admin/assessments/review/${rob!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      message: STAFF_MESSAGES.submittedCannotUnassign,
      reason: 'assessment-submitted',
    });

    expect((await harness.as('dora').delete(`/admin/assessments/review/${rita!.id}`)).status).toBe(204);
    expect(await harness.store.get(COLLECTIONS.reviews, rita!.id)).toBeNull();
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({
      reviewsAssigned: 1,
      reviewsDone: 1,
      reviewScore: 2.25,
      decision: 'reviewed',
    });
    expect(await load('rita')).toMatchObject({ reviewsAssigned: 0, reviewsDone: 0 });
  });

  it('refuses out-of-range draft scores and incomplete submits, per criterion, writing nothing', async () => {
    const [rita] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const before = await dumpStore(harness);

    const draft = await harness
      .as('rita')
      .put(`/admin/assessments/review/${rita!.id}`, body({ motivation: 9, extra: 1 }, 0));
    expect(draft.status).toBe(400);
    expect(draft.body.error.details).toEqual([
      { path: 'scores.motivation', message: 'Give a whole number from 0 to 4' },
      { path: 'scores.extra', message: 'Not a criterion of this rubric' },
    ]);

    const submit = await harness
      .as('rita')
      .post(`/admin/assessments/review/${rita!.id}/submit`, body({ motivation: 1 }, 0));
    expect(submit.status).toBe(400);
    expect(submit.body.error.message).toBe(STAFF_MESSAGES.incompleteScores);
    expect(submit.body.error.details).toEqual([
      { path: 'scores.experience', message: 'Give a score' },
      { path: 'scores.communication', message: 'Give a score' },
    ]);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('takes exactly one of two saves racing from the same version', async () => {
    const [rita] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const results = await Promise.all([
      harness.as('rita').put(`/admin/assessments/review/${rita!.id}`, body({ motivation: 1 }, 0, 'tab one')),
      harness.as('rita').put(`/admin/assessments/review/${rita!.id}`, body({ motivation: 2 }, 0, 'tab two')),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = results.find((res) => res.status === 200)!;
    expect(await harness.store.get(COLLECTIONS.reviews, rita!.id)).toMatchObject({
      version: 1,
      comments: winner.body.comments,
    });
  });

  it('lets a super-reviewer save for an assigned reviewer, and scores a complete draft', async () => {
    const [rita] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const res = await harness.as('dora').put(`/admin/assessments/review/${rita!.id}`, body(FULL, 0));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'draft', score: 3.25, staffId: 'rita' });
  });

  it('moves the response to interview at the first interview assignment, and scores interviews', async () => {
    const [interview] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }], 'interview');
    expect((await storedResponse(harness, ada.id))?.status).toBe('interview');
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({
      decision: 'interview',
      interviewsAssigned: 1,
    });
    const res = await harness
      .as('rob')
      .post(`/admin/assessments/interview/${interview!.id}/submit`, body({ teamwork: 4, 'problem-solving': 3 }, 0));
    expect(res.status).toBe(200);
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ interviewsDone: 1, interviewScore: 3.5 });
    expect(await load('rob')).toMatchObject({ interviewsAssigned: 1, interviewsDone: 1, reviewsAssigned: 0 });
  });
});

describe('POST /api/admin/assignments', () => {
  const tryAssign = async (assignments: object[]) => {
    const before = await dumpStore(harness);
    const res = await harness.as('dora').post('/admin/assignments', { kind: 'review', assignments });
    expect(await dumpStore(harness)).toEqual(before);
    return res;
  };

  it.each([
    ['an applicant', { staffId: 'eve' }, STAFF_MESSAGES.assigneeNotStaff],
    ['an unknown user', { staffId: 'nobody' }, STAFF_MESSAGES.assigneeNotStaff],
    ['a role not applied for', { role: 'designer' }, STAFF_MESSAGES.noRow],
  ])('refuses %s, and the whole list with it', async (_case, change, message) => {
    const res = await tryAssign([
      { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
      { responseId: ada.id, role: 'engineer', staffId: 'rob', ...change },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.details[0].path).toMatch(/^assignments\.1/);
  });

  it('refuses a self-review', async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', { role: 'reviewer' });
    const res = await tryAssign([{ responseId: ada.id, role: 'engineer', staffId: 'ada' }]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.selfAssignment);
  });

  it('refuses a duplicate, in the list or already stored', async () => {
    const item = { responseId: ada.id, role: 'engineer', staffId: 'rita' };
    expect((await tryAssign([item, item])).body.error.message).toBe(STAFF_MESSAGES.alreadyAssigned);
    await assign(harness, [item as never]);
    const res = await tryAssign([item]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.alreadyAssigned);
  });

  it('refuses an unknown response', async () => {
    const res = await tryAssign([
      { responseId: '99999999-9999-4999-8999-999999999999', role: 'engineer', staffId: 'rita' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.noRow);
  });
});

describe('GET /api/admin/assessments/:kind/:id', () => {
  it('gives the assigned reviewer the screen without the hidden sections, but with the file questions shown to reviewers', async () => {
    const [rita] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const res = await harness.as('rita').get(`/admin/assessments/review/${rita!.id}`);
    expect(res.status).toBe(200);
    const screen = res.body as AssessmentScreen;
    expect(screen).toMatchObject({ editable: true, reopenable: false, rubric: { rubricId: 'general-review' } });
    // About You is hidden from reviewers; only its resume (hiddenFromReviewers: false) is left of it.
    const questionsOf = (sections: { sectionId: string; questions: { questionId: string }[] }[], id: string) =>
      sections.find((s) => s.sectionId === id)?.questions.map((q) => q.questionId);
    expect(questionsOf(screen.response.sectionResponses, 'about-you')).toEqual(['resume']);
    expect(questionsOf(screen.form.sections, 'about-you')).toEqual(['resume']);
    expect(screen.response.sectionResponses.map((s) => s.sectionId)).toContain('motivation');
    expect(JSON.stringify(screen)).not.toContain('Nova');
  });

  it('tells a super-reviewer a submitted review can be reopened', async () => {
    const [rita] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    await harness.as('rita').post(`/admin/assessments/review/${rita!.id}/submit`, body(FULL, 0));
    const res = await harness.as('dora').get(`/admin/assessments/review/${rita!.id}`);
    expect(res.body).toMatchObject({ editable: false, reopenable: true });
    expect((await harness.as('rita').get(`/admin/assessments/review/${rita!.id}`)).body).toMatchObject({
      editable: false,
      reopenable: false,
    });
  });
});

describe('GET /api/admin/responses/:responseId', () => {
  it('shows a super-reviewer everything, an assigned reviewer no hidden sections, others nothing', async () => {
    const full = await harness.as('dora').get(`/admin/responses/${ada.id}`);
    expect(full.status).toBe(200);
    const application = full.body as StaffApplication;
    expect(application.response).toEqual(await storedResponse(harness, ada.id));
    expect(application.applicant).toEqual({
      id: 'ada',
      firstName: 'ada',
      lastName: 'Tester',
      email: 'ada@example.com',
    });
    expect(application.rows.map((row) => row.role)).toEqual(['engineer', 'bootcamp']);
    expect(application.rows[0]).not.toHaveProperty('searchTokens');

    expect((await harness.as('rita').get(`/admin/responses/${ada.id}`)).status).toBe(403);
    await assign(harness, [{ responseId: ada.id, role: 'bootcamp', staffId: 'rita' }], 'interview');
    const reviewer = await harness.as('rita').get(`/admin/responses/${ada.id}`);
    expect(reviewer.status).toBe(200);
    expect(JSON.stringify(reviewer.body.response)).not.toContain('Nova');
    expect((await harness.as('rob').get(`/admin/responses/${ada.id}`)).body.error).toMatchObject({
      message: STAFF_MESSAGES.notAssigned,
      reason: 'not-assigned',
    });
    expect((await harness.as('dora').get('/admin/responses/99999999-9999-4999-8999-999999999999')).status).toBe(404);
  });
});

describe('GET /api/admin/forms/:formId/assessments', () => {
  it('in blind review finds by pseudonym, never by name', async () => {
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: eve.id, role: 'engineer', staffId: 'rita' },
    ]);
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { review: true } });
    const search = async (caller: 'rita' | 'dora', text: string) =>
      (
        await harness
          .as(caller)
          .get(`/admin/forms/${FORM_ID}/assessments?staffId=rita&search=${encodeURIComponent(text)}`)
      ).body as Page<AssessmentView>;
    expect((await search('rita', 'eve')).items).toEqual([]);
    const code = applicantPseudonym(eve.id).split(' ')[1]!;
    const found = await search('rita', code.toLowerCase());
    expect(found.items.map((item) => [item.responseId, item.applicantName])).toEqual([[eve.id, `Applicant ${code}`]]);
    expect(found.total).toBe(1);
    // The super-reviewer searches by name as always.
    expect((await search('dora', 'eve')).items.map((item) => item.applicantName)).toEqual(['eve Tester']);
  });

  it("lists a reviewer's own assignments, searchable; a super-reviewer may ask for anyone's", async () => {
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: eve.id, role: 'engineer', staffId: 'rita' },
      { responseId: eve.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    const mine = await harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 2, nextCursor: null });
    expect(mine.body.items.map((item: AssessmentView) => item.responseId).sort()).toEqual([ada.id, eve.id].sort());
    expect(mine.body.items[0]).not.toHaveProperty('searchTokens');

    const searched = await harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments?search=EVE`);
    expect(searched.body.items.map((item: AssessmentView) => item.applicantName)).toEqual(['eve Tester']);
    expect(searched.body.total).toBe(1);

    const paged = await harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments?limit=1`);
    expect(paged.body.items).toHaveLength(1);
    const next = await harness
      .as('rita')
      .get(`/admin/forms/${FORM_ID}/assessments?limit=1&cursor=${paged.body.nextCursor}`);
    expect(next.body.items[0].id).not.toBe(paged.body.items[0].id);

    const others = await harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments?staffId=rob`);
    expect(others.status).toBe(403);
    const dora = await harness.as('dora').get(`/admin/forms/${FORM_ID}/assessments?staffId=rob`);
    expect(dora.body.items.map((item: AssessmentView) => item.staffId)).toEqual(['rob']);
    expect((await harness.as('rob').get(`/admin/forms/${FORM_ID}/assessments?kind=interview`)).body.total).toBe(0);
  });
});

describe('GET /api/admin/forms/:formId/staff', () => {
  it('lists every reviewer and super-reviewer with their load for the kind, and searches them', async () => {
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/staff`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { user: { id: string } }) => item.user.id)).toEqual(['dora', 'rita', 'rob']);
    expect(res.body.items[1]).toEqual({
      user: {
        id: 'rita',
        firstName: 'rita',
        lastName: 'Tester',
        email: 'rita@example.com',
        role: 'reviewer',
        applicantRolePreferences: [],
      },
      assigned: 1,
      done: 0,
      rolesToChoose: true,
    });
    const interviews = await harness.as('dora').get(`/admin/forms/${FORM_ID}/staff?kind=interview`);
    expect(interviews.body.items[1]).toMatchObject({ assigned: 0, done: 0 });
    const searched = await harness.as('dora').get(`/admin/forms/${FORM_ID}/staff?search=ro`);
    expect(searched.body.items.map((item: { user: { id: string } }) => item.user.id)).toEqual(['rob']);
  });
});

describe("a submitted review's comments on the row", () => {
  it('are kept with the scores for the super-reviewer, hidden from other reviewers, dropped on reopen', async () => {
    const [rita] = await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'engineer', staffId: 'rob' },
    ]);
    const submit = await harness
      .as('rita')
      .post(`/admin/assessments/review/${rita!.id}/submit`, body(FULL, 0, 'Strong motivation'));
    expect(submit.status).toBe(200);
    const ritaRef = async (caller: 'dora' | 'rob') => {
      const application = (await harness.as(caller).get(`/admin/responses/${ada.id}`)).body as StaffApplication;
      return application.rows.find((row) => row.role === 'engineer')!.reviews.find((ref) => ref.staffId === 'rita');
    };
    expect(await ritaRef('dora')).toMatchObject({ scores: FULL, comments: 'Strong motivation' });
    expect(await ritaRef('rob')).not.toHaveProperty('comments');
    expect((await harness.as('dora').post(`/admin/assessments/review/${rita!.id}/reopen`)).status).toBe(200);
    expect(await ritaRef('dora')).not.toHaveProperty('comments');
  });
});

describe('qualified flags, decisions and release', () => {
  const decide = (role: string, decision: string) =>
    harness.as('dora').put(`/admin/rows/${ada.id}/${role}/decision`, { decision });

  it('flags a row as qualified', async () => {
    const res = await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/qualified`, { qualified: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'engineer', qualified: true });
    expect(res.body).not.toHaveProperty('sortName');
    expect((await storedRow(harness, ada.id, 'engineer'))?.qualified).toBe(true);
  });

  it('refuses release while undecided, decides every role, releases once', async () => {
    const refused = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ message: STAFF_MESSAGES.undecided(2, 1), reason: 'undecided' });

    expect((await decide('engineer', 'accepted')).body).toMatchObject({ decision: 'accepted', final: true });
    expect((await storedResponse(harness, ada.id))?.status).toBe('submitted');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).body.error.message).toBe(
      STAFF_MESSAGES.undecided(1, 1),
    );
    expect((await decide('bootcamp', 'waitlist')).status).toBe(200);
    expect((await storedResponse(harness, ada.id))?.status).toBe('decided');

    const released = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id: FORM_ID, decisionsReleased: true });
    expect((await harness.as('ada').get(`/responses/${ada.id}/decisions/engineer`)).body.decision).toBe('accepted');

    const twice = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(STAFF_MESSAGES.decisionsReleased);
    const late = await decide('engineer', 'denied');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(STAFF_MESSAGES.decisionsReleased);
    expect((await storedRow(harness, ada.id, 'engineer'))?.decision).toBe('accepted');
  });

  it('after release refuses every change to the review work with one 409 message, writing nothing', async () => {
    const [rita, rob] = await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'engineer', staffId: 'rob' },
    ]);
    expect((await harness.as('rita').post(`/admin/assessments/review/${rita!.id}/submit`, body(FULL, 0))).status).toBe(
      200,
    );
    await decide('engineer', 'accepted');
    await decide('bootcamp', 'denied');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
    const before = await dumpStore(harness);
    const preview = await harness.as('dora').post(`/admin/forms/${FORM_ID}/auto-assign/preview`, {
      reviewersPerApplication: 3,
    });

    const dora = harness.as('dora');
    const refused = await Promise.all([
      dora.post('/admin/assignments', {
        kind: 'interview',
        assignments: [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }],
      }),
      dora.delete(`/admin/assessments/review/${rob!.id}`),
      dora.post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication: 3, planId: preview.body.planId }),
      dora.put(`/admin/rows/${ada.id}/bootcamp/qualified`, { qualified: true }),
      decide('bootcamp', 'accepted'),
      dora.post(`/admin/assessments/review/${rita!.id}/reopen`),
      dora.post(`/admin/forms/${FORM_ID}/release`),
    ]);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ message: STAFF_MESSAGES.decisionsReleased, reason: 'released-read-only' });
    }
    expect(STAFF_MESSAGES.decisionsReleased).toMatch(/released.*read-only/);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it("after release refuses a reviewer's save and submit with the same 409, and shows the review read-only", async () => {
    const [rob] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }]);
    await decide('engineer', 'accepted');
    await decide('bootcamp', 'denied');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
    const before = await dumpStore(harness);

    const path = `/admin/assessments/review/${rob!.id}`;
    const refused = [
      await harness.as('rob').put(path, body(FULL, 0)),
      await harness.as('rob').post(`${path}/submit`, body(FULL, 0)),
      await harness.as('dora').put(path, body(FULL, 0)),
      await harness.as('dora').post(`${path}/submit`, body(FULL, 0)),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ message: STAFF_MESSAGES.decisionsReleased, reason: 'released-read-only' });
    }
    expect(await dumpStore(harness)).toEqual(before);
    expect((await harness.as('rob').get(path)).body).toMatchObject({ editable: false, reopenable: false });
  });

  describe('what holds up the release', () => {
    let eve: ApplicationResponse;
    beforeEach(async () => {
      eve = await submitApplication(harness, 'eve');
      await decide('engineer', 'accepted');
      await harness.as('dora').put(`/admin/rows/${eve.id}/engineer/qualified`, { qualified: true });
    });
    const rowIds = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id).sort();

    it('counts role applications and applicants, and the undecided filter shows exactly those rows', async () => {
      const refused = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(STAFF_MESSAGES.undecided(3, 2));
      expect(refused.body.error.message).toBe(
        'Decisions cannot be released while 3 role applications from 2 applicants are undecided',
      );
      expect(refused.body.error.details).toEqual({ rows: 3, applicants: 2, unqualifiedRows: 2 });
      const counts = await harness.as('dora').get(`/admin/forms/${FORM_ID}/undecided`);
      expect(counts.body).toEqual({ rows: 3, applicants: 2, unqualifiedRows: 2 });

      const filtered = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&filter=undecided`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.total).toBe(3);
      expect(rowIds(filtered)).toEqual([`${ada.id}__bootcamp`, `${eve.id}__bootcamp`, `${eve.id}__engineer`].sort());
      expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?filter=decided`)).status).toBe(400);
    });

    it('denies every undecided, unqualified row in one call, one audit entry per row', async () => {
      const denied = await harness.as('dora').post(`/admin/forms/${FORM_ID}/deny-undecided-unqualified`, {});
      expect(denied.status).toBe(200);
      expect(denied.body).toEqual({ denied: 2, held: 0 });
      expect(await storedRow(harness, ada.id, 'bootcamp')).toMatchObject({ decision: 'denied', final: true });
      expect(await storedRow(harness, eve.id, 'bootcamp')).toMatchObject({ decision: 'denied', final: true });
      expect(await storedRow(harness, eve.id, 'engineer')).toMatchObject({ final: false, qualified: true });
      expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ decision: 'accepted' });
      expect((await storedResponse(harness, ada.id))?.status).toBe('decided');

      const audit = await harness.as('dora').get('/admin/audit?action=decision.set');
      const targets = audit.body.items.map((entry: { target: { id: string } }) => entry.target.id);
      expect(targets).toEqual(expect.arrayContaining([`${ada.id}__bootcamp`, `${eve.id}__bootcamp`]));
      expect(targets).toHaveLength(3);

      expect(await harness.as('dora').post(`/admin/forms/${FORM_ID}/deny-undecided-unqualified`, {})).toMatchObject({
        status: 200,
        body: { denied: 0, held: 0 },
      });
    });
  });

  it('shows offer replies: counts per role and a filter per reply', async () => {
    const eve = await submitApplication(harness, 'eve');
    await decide('engineer', 'accepted');
    await decide('bootcamp', 'accepted');
    await harness.as('dora').put(`/admin/rows/${eve.id}/engineer/decision`, { decision: 'accepted' });
    await harness.as('dora').put(`/admin/rows/${eve.id}/bootcamp/decision`, { decision: 'denied' });
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
    const reply = (role: string, answer: string) =>
      harness.as('ada').post(`/responses/${ada.id}/decisions/${role}/reply`, { reply: answer });
    expect((await reply('engineer', 'accept')).status).toBe(200);
    expect((await reply('bootcamp', 'decline')).status).toBe(200);

    const offers = await harness.as('dora').get(`/admin/forms/${FORM_ID}/offers`);
    expect(offers.status).toBe(200);
    expect(offers.body.items).toEqual(
      expect.arrayContaining([
        { role: 'engineer', offers: 2, accepted: 1, declined: 0, pending: 1, expired: 0 },
        { role: 'bootcamp', offers: 1, accepted: 0, declined: 1, pending: 0, expired: 0 },
      ]),
    );
    expect(offers.body.items).toHaveLength(2);

    const filtered = async (filter: string) =>
      (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?filter=${filter}`)).body.items
        .map((row: { id: string; offer?: string }) => `${row.id}:${row.offer ?? 'pending'}`)
        .sort();
    expect(await filtered('offered')).toEqual(
      [`${ada.id}__bootcamp:declined`, `${ada.id}__engineer:accepted`, `${eve.id}__engineer:pending`].sort(),
    );
    expect(await filtered('offer-accepted')).toEqual([`${ada.id}__engineer:accepted`]);
    expect(await filtered('offer-declined')).toEqual([`${ada.id}__bootcamp:declined`]);
    expect(await filtered('offer-pending')).toEqual([`${eve.id}__engineer:pending`]);
  });

  it('filters the offers still waiting for a reply, following the decision as it changes', async () => {
    const pending = async () =>
      (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?filter=offer-pending`)).body.items.map(
        (row: { id: string }) => row.id,
      );
    expect(await pending()).toEqual([]);
    await decide('engineer', 'accepted');
    expect(await pending()).toEqual([`${ada.id}__engineer`]);
    await decide('engineer', 'waitlist');
    expect(await pending()).toEqual([]);
    await decide('engineer', 'accepted');
    expect(await pending()).toEqual([`${ada.id}__engineer`]);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(409);
    await decide('bootcamp', 'denied');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
    const replied = await harness.as('ada').post(`/responses/${ada.id}/decisions/engineer/reply`, { reply: 'accept' });
    expect(replied.status).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it('keeps a final decision when reviews are assigned afterwards', async () => {
    await decide('engineer', 'denied');
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ decision: 'denied', reviewsAssigned: 1 });
  });
});
