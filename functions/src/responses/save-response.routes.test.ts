import request from 'supertest';
import {
  MAX_TEXT_ANSWER_CHARS,
  RESPONSE_MESSAGES,
  type ApplicationForm,
  type ApplicationResponse,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import {
  completeResponse,
  createHarness,
  FORM_ID,
  later,
  recordUpload,
  START,
  startResponse,
  storedResponse,
  withAnswer,
  withAnswers,
  type Caller,
  type Harness,
} from '../testing/api-harness';

let harness: Harness;
let response: ApplicationResponse;
beforeEach(async () => {
  harness = await createHarness();
  response = await startResponse(harness);
});
afterEach(() => harness.close());

const save = (body: object, caller: Caller = 'ada', id = response.id) =>
  harness.as(caller).put(`/application/save/${id}`, body);

/** Sends a save that must be refused, and checks that the stored response did not change. */
async function refusedSave(body: object, caller: Caller = 'ada', id = response.id) {
  const before = await storedResponse(harness, response.id);
  const res = await save(body, caller, id);
  expect(await storedResponse(harness, response.id)).toEqual(before);
  return res;
}

describe('PUT /api/application/save/:responseId', () => {
  it('stores the answers, bumps the version and stamps the server time', async () => {
    harness.clock.now = later(START, 90_000);
    const body = {
      ...withAnswer(response, 'about-you', 'preferred-name', 'Nova'),
      dateSubmitted: '2001-01-01T00:00:00.000Z',
    };

    const res = await save(body);

    expect(res.status).toBe(200);
    const expected: ApplicationResponse = {
      ...withAnswer(response, 'about-you', 'preferred-name', 'Nova'),
      dateSubmitted: later(START, 90_000).toISOString(),
      version: 1,
    };
    expect(res.body).toEqual(expected);
    expect(await storedResponse(harness, response.id)).toEqual(expected);

    harness.clock.now = later(START, 120_000);
    const next = await save(withAnswer(res.body, 'about-you', 'year', 'First year'));
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ version: 2, dateSubmitted: later(START, 120_000).toISOString() });
  });

  it('derives rolesApplied from the role-select answer and ignores the client value', async () => {
    const body = { ...withAnswer(response, 'roles', 'roles', ['designer', 'engineer']), rolesApplied: ['bootcamp'] };
    const res = await save(body);
    expect(res.status).toBe(200);
    expect(res.body.rolesApplied).toEqual(['designer', 'engineer']);
    expect((await storedResponse(harness, response.id))?.rolesApplied).toEqual(['designer', 'engineer']);
  });

  it('drops the answers to sections of roles the applicant did not choose', async () => {
    const body = withAnswers(response, {
      'roles.roles': ['engineer'],
      'engineering.project': 'A compiler',
      'design.portfolio': 'dribbble.com/nova',
    });
    const res = await save(body);
    expect(res.status).toBe(200);
    const stored = await storedResponse(harness, response.id);
    for (const saved of [res.body as ApplicationResponse, stored!]) {
      const answers = Object.fromEntries(
        saved.sectionResponses.flatMap((section) =>
          section.questions.map((q) => [`${section.sectionId}.${q.questionId}`, q.response]),
        ),
      );
      expect(answers).toMatchObject({ 'engineering.project': 'A compiler', 'design.portfolio': '' });
    }
  });

  it('keeps the section names of the form, whatever the client sends', async () => {
    const body = {
      ...response,
      sectionResponses: response.sectionResponses.map((section) => ({ ...section, sectionName: 'Renamed' })),
    };
    const res = await save(body);
    expect(res.status).toBe(200);
    expect(res.body.sectionResponses.map((section: { sectionName: string }) => section.sectionName)).toEqual(
      harness.form.sections.map((section) => section.sectionName),
    );
  });

  it('accepts a file answer naming a file the applicant uploaded for this question', async () => {
    const fileId = await recordUpload(harness, { ownerId: 'ada', responseId: response.id, questionId: 'resume' });
    const res = await save(withAnswer(response, 'about-you', 'resume', fileId));
    expect(res.status).toBe(200);
    expect((await storedResponse(harness, response.id))?.version).toBe(1);
  });

  it('accepts a draft with required answers still empty and too few words', async () => {
    const res = await save(withAnswer(response, 'motivation', 'why-join', 'too short'));
    expect(res.status).toBe(200);
  });

  describe('refuses invalid answers with 400 naming each question, and stores nothing', () => {
    const aboutYou = (
      change: (questions: ApplicationResponse['sectionResponses'][number]['questions']) => unknown,
    ) => ({
      ...response,
      sectionResponses: response.sectionResponses.map((section) =>
        section.sectionId === 'about-you' ? { ...section, questions: change(section.questions) } : section,
      ),
    });

    it('an unknown question id', async () => {
      const body = aboutYou((questions) => [
        ...questions,
        {
          questionId: 'shoe-size',
          questionType: 'short-answer',
          applicationFormId: response.applicationFormId,
          response: '42',
        },
      ]);
      const res = await refusedSave(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid-request',
        message: 'Some answers are not valid',
        details: [{ path: 'about-you.shoe-size', questionId: 'shoe-size', message: 'Unknown question "shoe-size"' }],
      });
    });

    it('an unknown section', async () => {
      const body = {
        ...response,
        sectionResponses: [...response.sectionResponses, { sectionId: 'secret', sectionName: 'Secret', questions: [] }],
      };
      const res = await refusedSave(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'secret', message: 'Unknown section "secret"' }]);
    });

    it.each([
      ['a list for a short answer', 'about-you', 'preferred-name', ['Nova'], 'This answer must be text'],
      ['text for a multiple-select', 'motivation', 'interests', 'Education', 'Choose from the options'],
      ['an option not in the list', 'about-you', 'year', 'Tenth year', '"Tenth year" is not one of the options'],
      [
        'a multiple-select option not in the list',
        'motivation',
        'interests',
        ['Space'],
        '"Space" is not one of the options',
      ],
      [
        'an exclusive option chosen with another',
        'motivation',
        'interests',
        ['Health', 'None of these'],
        '"None of these" cannot be chosen with other options',
      ],
      ['a role that does not exist', 'roles', 'roles', ['ceo'], '"ceo" is not a team role'],
      ['text for the role select', 'roles', 'roles', 'engineer', 'Choose from the team roles'],
    ])('%s', async (_case, sectionId, questionId, value, message) => {
      const res = await refusedSave(withAnswer(response, sectionId, questionId, value));
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid-request',
        message: 'Some answers are not valid',
        details: [{ path: `${sectionId}.${questionId}`, questionId, message }],
      });
    });

    it('an answer typed as another question type', async () => {
      const body = aboutYou((questions) =>
        questions.map((question) =>
          question.questionId === 'preferred-name' ? { ...question, questionType: 'long-answer' } : question,
        ),
      );
      const res = await refusedSave(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          path: 'about-you.preferred-name',
          questionId: 'preferred-name',
          message: 'This question is of type short-answer',
        },
      ]);
    });

    it('an answer over the size limit (schema)', async () => {
      const res = await refusedSave(
        withAnswer(response, 'motivation', 'why-join', 'x'.repeat(MAX_TEXT_ANSWER_CHARS + 1)),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid-request', message: 'Invalid application' });
      expect(res.body.error.details).toEqual([
        {
          path: 'sectionResponses.2.questions.0.response',
          message: expect.stringContaining(String(MAX_TEXT_ANSWER_CHARS)),
        },
      ]);
    });

    it.each([
      ['a file that does not exist', async () => '3b241101-e2bb-4255-8caf-4136c566a962'],
      ['a file id that is not an id', async () => 'resume.pdf'],
      [
        'a file of another applicant',
        () => recordUpload(harness, { ownerId: 'eve', responseId: response.id, questionId: 'resume' }),
      ],
      [
        "a file uploaded for another applicant's response",
        async () => {
          const eves = await startResponse(harness, 'eve');
          return recordUpload(harness, { ownerId: 'ada', responseId: eves.id, questionId: 'resume' });
        },
      ],
      [
        'a file uploaded for another question',
        () => recordUpload(harness, { ownerId: 'ada', responseId: response.id, questionId: 'year' }),
      ],
    ])('%s as a file answer', async (_case, fileId) => {
      const res = await refusedSave(withAnswer(response, 'about-you', 'resume', await fileId()));
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid-request',
        message: 'Some answers are not valid',
        details: [
          { path: 'about-you.resume', questionId: 'resume', message: 'Upload this file again: it was not found' },
        ],
      });
    });
  });

  it('refuses a stale version with 409 and the stored response', async () => {
    const first = await save(withAnswer(response, 'about-you', 'preferred-name', 'From tab one'));
    expect(first.status).toBe(200);

    const res = await refusedSave(withAnswer(response, 'about-you', 'preferred-name', 'From tab two'));

    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: RESPONSE_MESSAGES.staleSave,
      reason: 'stale-version',
      details: { current: first.body },
    });
  });

  it('refuses a version from the future with 409', async () => {
    const res = await refusedSave({ ...response, version: 7 });
    expect(res.status).toBe(409);
    expect(res.body.error.reason).toBe('stale-version');
    expect(res.body.error.details).toEqual({ current: response });
  });

  it('lets exactly one of two racing saves of the same version win', async () => {
    const [a, b] = await Promise.all([
      save(withAnswer(response, 'about-you', 'preferred-name', 'A')),
      save(withAnswer(response, 'about-you', 'preferred-name', 'B')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect(await storedResponse(harness, response.id)).toEqual(winner.body);
    expect(winner.body.version).toBe(1);
  });

  it.each([
    ['userId', { userId: 'eve' }],
    ['status', { status: 'submitted' }],
    ['status', { status: 'decided' }],
    ['applicationFormId', { applicationFormId: 'another-form' }],
    // An id the store would refuse to read: the body's form id is compared, never read.
    ['applicationFormId', { applicationFormId: '__reserved__' }],
  ])('refuses a change of %s with 403', async (field, change) => {
    const res = await refusedSave({ ...response, ...change });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: `These fields cannot be changed: ${field}`,
      details: [{ path: field, message: 'This field cannot be changed' }],
    });
  });

  it('refuses a body for another response than the one in the address with 400', async () => {
    const eves = await startResponse(harness, 'eve');
    const res = await refusedSave({ ...response, id: eves.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The response in the body is not the one in the address');
    expect(await storedResponse(harness, eves.id)).toEqual(eves);
  });

  it('refuses fields the response does not have with 400', async () => {
    const res = await refusedSave({ ...response, reviewerNotes: 'great' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid application');
  });

  it('answers 404 "No response for this ID!" to a save of another applicant\'s response', async () => {
    const eves = await startResponse(harness, 'eve');
    const before = await storedResponse(harness, eves.id);
    const attack = { ...withAnswer(eves, 'about-you', 'preferred-name', 'Hacked') };
    const res = await save(attack, 'ada', eves.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No response for this ID!' } });
    expect(await storedResponse(harness, eves.id)).toEqual(before);

    const asOwner = await refusedSave({ ...attack, userId: 'ada' }, 'ada', eves.id);
    expect(asOwner.status).toBe(404);
    expect(await storedResponse(harness, eves.id)).toEqual(before);
  });

  it('answers 404 to an unknown response id', async () => {
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await save({ ...response, id }, 'ada', id);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No response for this ID!');
    expect(await storedResponse(harness, id)).toBeNull();
  });

  it('refuses a save after submission with 403', async () => {
    const complete = await completeResponse(harness, response);
    const submitted = await harness.as('ada').post('/application/submit', complete);
    expect(submitted.status).toBe(200);

    const res = await refusedSave({
      ...withAnswer(submitted.body, 'about-you', 'preferred-name', 'Changed'),
      status: 'in-progress',
    });

    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: RESPONSE_MESSAGES.notEditable, reason: 'submitted' });
    expect(await storedResponse(harness, response.id)).toEqual(submitted.body);
  });

  it.each([['in-review'], ['decided']])(
    'refuses a save of a response that is %s, whatever the body says',
    async (status) => {
      await harness.store.update(COLLECTIONS.responses, response.id, { status });
      const res = await refusedSave({ ...response, status });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ message: RESPONSE_MESSAGES.notEditable, reason: 'submitted' });
    },
  );

  it('refuses a save after the due date with 403', async () => {
    harness.clock.now = later(new Date(harness.form.dueDate), 1);
    const res = await refusedSave(withAnswer(response, 'about-you', 'preferred-name', 'Late'));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: RESPONSE_MESSAGES.pastDue, reason: 'past-due' });
  });

  it('refuses a save at the due instant itself (the editor closes then too); a millisecond before, it saves', async () => {
    const due = new Date(harness.form.dueDate);
    harness.clock.now = later(due, -1);
    const inTime = await save(withAnswer(response, 'about-you', 'preferred-name', 'Just in time'));
    expect(inTime.status).toBe(200);

    harness.clock.now = due;
    const res = await refusedSave(withAnswer(inTime.body, 'about-you', 'preferred-name', 'On the stroke'));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: RESPONSE_MESSAGES.pastDue, reason: 'past-due' });
  });

  it('refuses a save once decisions are released, with its own reason', async () => {
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
    const res = await refusedSave(withAnswer(response, 'about-you', 'preferred-name', 'Too late'));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: RESPONSE_MESSAGES.decisionsReleased,
      reason: 'released',
    });
  });

  it('needs a signed-in caller with a verified email', async () => {
    const body = withAnswers(response, { 'about-you.preferred-name': 'X' });
    const anonymous = await request(harness.server).put(`/api/application/save/${response.id}`).send(body);
    expect(anonymous.status).toBe(401);
    const unverified = await refusedSave(body, 'unverified');
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.code).toBe('email-not-verified');
  });

  it('checks each save against the form as stored now, after staff change it', async () => {
    // The first saves read the form (the routes keep it parsed while it is unchanged).
    expect((await save(withAnswer(response, 'about-you', 'year', 'Second year'))).status).toBe(200);
    const current = async () => (await storedResponse(harness, response.id)) as ApplicationResponse;

    // A staff edit through the API: the due date moves into the past, so the next save is refused.
    const past = { dueDate: later(START, -60_000).toISOString() };
    expect((await harness.as('dora').put(`/admin/forms/${FORM_ID}/due-date`, past)).status).toBe(200);
    const late = await refusedSave(withAnswer(await current(), 'about-you', 'year', 'Third year'));
    expect(late.status).toBe(403);
    expect(late.body.error.reason).toBe('past-due');

    // And back: the next save is taken again.
    const future = { dueDate: later(START, 86_400_000).toISOString() };
    expect((await harness.as('dora').put(`/admin/forms/${FORM_ID}/due-date`, future)).status).toBe(200);
    expect((await save(withAnswer(await current(), 'about-you', 'year', 'Third year'))).status).toBe(200);

    // A change of the questions written to the store (as another server instance, or a deleted and
    // re-created form, would): an option taken away is refused at once, a new one accepted.
    const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
    const withOptions = (options: string[]): ApplicationForm => ({
      ...form,
      sections: form.sections.map((section) => ({
        ...section,
        questions: section.questions.map((question) =>
          question.questionId === 'year' && question.questionType === 'multiple-choice'
            ? { ...question, options }
            : question,
        ),
      })),
    });
    await harness.store.delete(COLLECTIONS.forms, FORM_ID);
    await harness.store.create(COLLECTIONS.forms, FORM_ID, withOptions(['First year', 'Gap year']));
    const removed = await refusedSave(withAnswer(await current(), 'about-you', 'year', 'Second year'));
    expect(removed.status).toBe(400);
    expect(removed.body.error.details).toEqual([
      expect.objectContaining({ path: 'about-you.year', message: '"Second year" is not one of the options' }),
    ]);
    const added = await save(withAnswer(await current(), 'about-you', 'year', 'Gap year'));
    expect(added.status).toBe(200);
    expect(added.body.sectionResponses).toEqual(
      withAnswer(await current(), 'about-you', 'year', 'Gap year').sectionResponses,
    );
  });
});
