import {
  RESPONSE_MESSAGES,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
} from '@portal/shared/domain';
import type { FileStore } from '../files/file-store';
import { COLLECTIONS } from '../store/collections';
import { jitteredStore } from '../testing/jittered-store';
import {
  completeResponse,
  createHarness,
  FORM_ID,
  later,
  recordUpload,
  START,
  startResponse,
  storedResponse,
  storedReviewStatuses,
  withAnswer,
  withAnswers,
  words,
  type Caller,
  type Harness,
} from '../testing/api-harness';
import { testSqliteStore } from '../testing/test-store';

let harness: Harness;
let response: ApplicationResponse;
beforeEach(async () => {
  harness = await createHarness();
  response = await startResponse(harness);
});
afterEach(() => harness.close());

const submit = (body: object, caller: Caller = 'ada') => harness.as(caller).post('/application/submit', body);

/** Sends a submit that must be refused; the response stays as it was and no review status appears. */
async function refusedSubmit(body: object, caller: Caller = 'ada') {
  const before = await storedResponse(harness, response.id);
  const statusesBefore = await storedReviewStatuses(harness);
  const res = await submit(body, caller);
  expect(await storedResponse(harness, response.id)).toEqual(before);
  expect(await storedReviewStatuses(harness)).toEqual(statusesBefore);
  return res;
}

const reviewStatus = (role: ApplicationRow['role']): Partial<ApplicationRow> & { id: string } => ({
  id: `${response.id}__${role}`,
  responseId: response.id,
  applicationFormId: response.applicationFormId,
  userId: 'ada',
  role,
  decision: 'not-reviewed',
  final: false,
  qualified: false,
  applicantName: 'ada Tester',
  applicantEmail: 'ada@example.com',
  reviews: [],
  reviewsAssigned: 0,
  reviewScore: null,
});

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe('POST /api/application/submit', () => {
  it('submits a complete response and opens one review status per role', async () => {
    const complete = await completeResponse(harness, response);
    harness.clock.now = later(START, 3_600_000);

    const res = await submit({ ...complete, rolesApplied: ['designer'] });

    expect(res.status).toBe(200);
    const expected: ApplicationResponse = {
      ...complete,
      status: 'submitted',
      rolesApplied: ['engineer', 'bootcamp'],
      dateSubmitted: later(START, 3_600_000).toISOString(),
      version: 1,
    };
    expect(res.body).toEqual(expected);
    expect(await storedResponse(harness, response.id)).toEqual(expected);
    expect((await storedReviewStatuses(harness)).sort(byId)).toMatchObject(
      [reviewStatus('engineer'), reviewStatus('bootcamp')].sort(byId),
    );
  });

  it('drops the answers to sections of roles not chosen, so neither the response nor the receipt carries them', async () => {
    const complete = withAnswers(await completeResponse(harness, response), {
      'design.portfolio': 'my-secret-portfolio',
      'design.design-process': words(40, 'sketch'),
    });
    const res = await submit(complete);
    expect(res.status).toBe(200);
    const stored = await storedResponse(harness, response.id);
    const design = stored!.sectionResponses.find((section) => section.sectionId === 'design')!;
    expect(design.questions.map((q) => q.response)).toEqual(['', '']);
    expect(res.body.sectionResponses).toEqual(stored!.sectionResponses);
    const [receipt] = (await harness.store.query<{ html: string; text: string }>(COLLECTIONS.outbox)).items;
    expect(receipt!.data.text).not.toContain('my-secret-portfolio');
    expect(receipt!.data.html).not.toContain('my-secret-portfolio');
  });

  it('deletes, once submitted, the files no answer names (a role unticked), records and bytes', async () => {
    const deleted: string[] = [];
    const files: FileStore = {
      put: () => Promise.reject(new Error('not used')),
      stat: () => Promise.resolve(null),
      read: () => Promise.resolve(null),
      delete: async (path) => {
        deleted.push(path);
      },
    };
    await harness.close();
    harness = await createHarness({ files });
    response = await startResponse(harness);
    const portfolio = await recordUpload(harness, {
      ownerId: response.userId,
      responseId: response.id,
      questionId: 'portfolio',
    });
    const complete = withAnswers(await completeResponse(harness, response), { 'design.portfolio': portfolio });

    expect((await submit(complete)).status).toBe(200);

    expect(await harness.store.get(COLLECTIONS.files, portfolio)).toBeNull();
    expect(deleted).toEqual([`responses/${response.id}/portfolio/${portfolio}`]);
    // The resume, which the application names, stays.
    const resume = (await storedResponse(harness, response.id))!.sectionResponses
      .flatMap((section) => section.questions)
      .find((answer) => answer.questionId === 'resume')!.response as string;
    expect(await harness.store.get(COLLECTIONS.files, resume)).not.toBeNull();
  });

  it('submits after earlier saves, naming the saved version', async () => {
    const saved = await harness
      .as('ada')
      .put(`/application/save/${response.id}`, await completeResponse(harness, response));
    expect(saved.status).toBe(200);
    const res = await submit(saved.body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'submitted', version: 2 });
  });

  it('refuses missing required answers with 400 and the issue of each question', async () => {
    const body = withAnswers(response, { 'roles.roles': ['engineer'] });
    const res = await refusedSubmit(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid-request', message: 'Your application is not complete' });
    const needsAnswer = 'This question needs an answer';
    expect(res.body.error.details).toEqual([
      { path: 'about-you.preferred-name', questionId: 'preferred-name', message: needsAnswer },
      { path: 'about-you.year', questionId: 'year', message: needsAnswer },
      { path: 'about-you.resume', questionId: 'resume', message: needsAnswer },
      { path: 'motivation.why-join', questionId: 'why-join', message: needsAnswer },
      { path: 'motivation.interests', questionId: 'interests', message: needsAnswer },
      { path: 'engineering.project', questionId: 'project', message: needsAnswer },
    ]);
  });

  it('refuses an answer under its minimum word count with 400', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(withAnswer(complete, 'motivation', 'why-join', words(19)));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'motivation.why-join', questionId: 'why-join', message: 'Write at least 20 words (now 19)' },
    ]);
  });

  it('refuses an answer over its maximum word count with 400', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(withAnswer(complete, 'about-you', 'preferred-name', words(11)));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'about-you.preferred-name', questionId: 'preferred-name', message: 'Write at most 10 words (now 11)' },
    ]);
  });

  it.each([
    ['zero-width spaces', '\u200B'],
    ['zero-width joiners', '\u200D'],
    ['word joiners', '\u2060'],
    ['byte-order marks', '\uFEFF'],
    ['zero-width spaces between spaces', ' \u200B '],
  ])('counts words joined by %s, so they cannot slip past a maximum', async (_name, joiner) => {
    const complete = await completeResponse(harness, response);
    const glued = words(11).split(' ').join(joiner);
    const res = await refusedSubmit(withAnswer(complete, 'about-you', 'preferred-name', glued));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'about-you.preferred-name', questionId: 'preferred-name', message: 'Write at most 10 words (now 11)' },
    ]);
  });

  it.each([
    ['hyphens', '-'],
    ['slashes', '/'],
    ['en dashes', '–'],
    ['underscores', '_'],
  ])('counts 30 words joined by %s as 30, so they cannot slip past a maximum of 10', async (_name, joiner) => {
    const complete = await completeResponse(harness, response);
    const glued = words(30).split(' ').join(joiner);
    const res = await refusedSubmit(withAnswer(complete, 'about-you', 'preferred-name', glued));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'about-you.preferred-name', questionId: 'preferred-name', message: 'Write at most 10 words (now 30)' },
    ]);
  });

  it('counts an emoji joined by zero-width joiners as one word', async () => {
    const complete = await completeResponse(harness, response);
    const answer = `${words(9)} 👩🏽\u200D💻`;
    const res = await submit(withAnswer(complete, 'about-you', 'preferred-name', answer));
    expect(res.status).toBe(200);
  });

  it('refuses a response without a role with 400', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(withAnswer(complete, 'roles', 'roles', []));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'roles.roles', questionId: 'roles', message: 'Choose at least one role' },
    ]);
  });

  it('checks the sections of every role chosen', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(withAnswer(complete, 'roles', 'roles', ['engineer', 'designer']));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((issue: { path: string }) => issue.path)).toEqual([
      'design.portfolio',
      'design.design-process',
    ]);
  });

  it('refuses a resume answer that names no file of the applicant with 400', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(
      withAnswer(complete, 'about-you', 'resume', '3b241101-e2bb-4255-8caf-4136c566a962'),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-request',
      message: 'Your application is not complete',
      details: [
        { path: 'about-you.resume', questionId: 'resume', message: 'Upload this file again: it was not found' },
      ],
    });
  });

  it('answers a repeated submit of the same answers with 200 and writes nothing', async () => {
    const complete = await completeResponse(harness, response);
    const first = await submit(complete);
    expect(first.status).toBe(200);
    harness.clock.now = later(START, 60_000);

    const second = await refusedSubmit(complete);

    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await storedReviewStatuses(harness)).toHaveLength(2);
  });

  it('lets concurrent submits all succeed with one submission and one set of review statuses', async () => {
    const complete = await completeResponse(harness, response);

    const results = await Promise.all(Array.from({ length: 4 }, () => submit(complete)));

    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const stored = await storedResponse(harness, response.id);
    expect(stored).toMatchObject({ status: 'submitted', version: 1 });
    for (const res of results) expect(res.body).toEqual(stored);
    expect((await storedReviewStatuses(harness)).sort(byId)).toMatchObject(
      [reviewStatus('engineer'), reviewStatus('bootcamp')].sort(byId),
    );
  });

  it('refuses different answers after submission with 403, as a save of them', async () => {
    const complete = await completeResponse(harness, response);
    expect((await submit(complete)).status).toBe(200);

    const res = await refusedSubmit(withAnswer(complete, 'about-you', 'preferred-name', 'Someone else'));

    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: RESPONSE_MESSAGES.notEditable, reason: 'submitted' });
  });

  it('refuses a submit after the due date with 403', async () => {
    const complete = await completeResponse(harness, response);
    harness.clock.now = later(new Date(harness.form.dueDate), 1000);
    const res = await refusedSubmit(complete);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: RESPONSE_MESSAGES.pastDue, reason: 'past-due' });
  });

  it('refuses a submit at the due instant itself', async () => {
    const complete = await completeResponse(harness, response);
    harness.clock.now = new Date(harness.form.dueDate);
    const res = await refusedSubmit(complete);
    expect(res.status).toBe(403);
    expect(res.body.error.reason).toBe('past-due');
  });

  it('refuses a submit once decisions are released with 403', async () => {
    const complete = await completeResponse(harness, response);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
    const res = await refusedSubmit(complete);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: RESPONSE_MESSAGES.decisionsReleased,
      reason: 'released',
    });
  });

  it('refuses a stale version with 409 and the stored response', async () => {
    const saved = await harness.as('ada').put(`/application/save/${response.id}`, response);
    expect(saved.status).toBe(200);
    const res = await refusedSubmit(await completeResponse(harness, response));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: RESPONSE_MESSAGES.staleSave,
      reason: 'stale-version',
      details: { current: saved.body },
    });
  });

  it("answers 404 to a submit of another applicant's response", async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit(complete, 'eve');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No response for this ID!' } });
  });

  it('refuses a change of owner with 403', async () => {
    const complete = await completeResponse(harness, response);
    const res = await refusedSubmit({ ...complete, userId: 'eve' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('These fields cannot be changed: userId');
  });

  it('refuses a body that is not a response with 400', async () => {
    const res = await refusedSubmit({ id: response.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid application');
  });

  it('needs a verified email', async () => {
    const res = await refusedSubmit(await completeResponse(harness, response), 'unverified');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('email-not-verified');
  });
});

describe('submit and release at the same time', () => {
  /** eve's application submitted and decided, so that release is allowed; ada's complete, not submitted. */
  async function raceFixture(): Promise<{ race: Harness; complete: ApplicationResponse }> {
    const race = await createHarness({ store: jitteredStore(testSqliteStore()) });
    const eve = await startResponse(race, 'eve');
    expect((await race.as('eve').post('/application/submit', await completeResponse(race, eve))).status).toBe(200);
    for (const role of ['engineer', 'bootcamp']) {
      const decided = await race.as('dora').put(`/admin/rows/${eve.id}/${role}/decision`, { decision: 'accepted' });
      expect(decided.status).toBe(200);
    }
    const ada = await startResponse(race, 'ada');
    return { race, complete: await completeResponse(race, ada) };
  }

  it('never lands both: either the submit is refused, or the release is (as it waits on an undecided row)', async () => {
    for (let run = 0; run < 20; run += 1) {
      const { race, complete } = await raceFixture();
      try {
        const [submitted, released] = await Promise.all([
          race.as('ada').post('/application/submit', complete),
          race.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}),
        ]);
        const form = await race.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID);
        const rows = await storedReviewStatuses(race);
        const adaRows = rows.filter((row) => row.userId === 'ada');
        const outcome = `submit ${submitted.status}, release ${released.status}`;
        expect({ run, outcome }).toEqual({
          run,
          outcome: expect.stringMatching(/^(submit 200, release 409|submit 403, release 200)$/),
        });
        // The store agrees with the answers: released with no undecided row, or not released.
        expect({ run, released: form!.decisionsReleased, adaRows: adaRows.length }).toEqual({
          run,
          released: released.status === 200,
          adaRows: submitted.status === 200 ? 2 : 0,
        });
      } finally {
        await race.close();
      }
    }
  }, 60_000);
});
