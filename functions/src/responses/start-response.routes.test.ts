import request from 'supertest';
import { applicationResponseSchema, type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import {
  createHarness,
  DAY_MS,
  FORM_ID,
  later,
  START,
  startResponse,
  storedResponse,
  updateForm,
  type Harness,
} from '../testing/api-harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const start = (body: object = { formId: FORM_ID }) => harness.as('ada').post('/responses', body);
const allResponses = async () => (await harness.store.query(COLLECTIONS.responses)).items.map((item) => item.data);
const indexEntries = async () => (await harness.store.query(COLLECTIONS.responseIndex)).items;
const activeApplications = async (uid = 'ada') =>
  (await harness.store.get<User>(COLLECTIONS.users, uid))?.activeApplications;

describe('POST /api/responses', () => {
  it('creates an empty in-progress response with a UUID, once, and records the form on the user', async () => {
    const res = await start();

    expect(res.status).toBe(201);
    const response = applicationResponseSchema.parse(res.body);
    expect(response.id).toMatch(UUID);
    expect(response).toMatchObject({
      userId: 'ada',
      applicationFormId: FORM_ID,
      status: 'in-progress',
      dateSubmitted: START.toISOString(),
      rolesApplied: [],
      version: 0,
    });
    const answers = Object.fromEntries(
      response.sectionResponses.flatMap((section) =>
        section.questions.map((question) => [`${section.sectionId}.${question.questionId}`, question.response]),
      ),
    );
    expect(answers).toEqual({
      'about-you.preferred-name': '',
      'about-you.year': '',
      'about-you.resume': '',
      'roles.roles': [],
      'motivation.why-join': '',
      'motivation.interests': [],
      'motivation.anything-else': '',
      'engineering.project': '',
      'engineering.github': '',
      'design.portfolio': '',
      'design.design-process': '',
      'product-outreach.stakeholders': '',
    });
    expect(response.sectionResponses.map((section) => section.sectionName)).toEqual(
      harness.form.sections.map((section) => section.sectionName),
    );
    expect(
      response.sectionResponses.every((section) =>
        section.questions.every((question) => question.applicationFormId === FORM_ID),
      ),
    ).toBe(true);
    expect(await storedResponse(harness, response.id)).toEqual(response);
    expect(await activeApplications()).toEqual([FORM_ID]);
  });

  it('answers 200 with the same response on a second start and appends the form only once', async () => {
    const first = await start();
    harness.clock.now = later(START, 60_000);
    const second = await start();

    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await allResponses()).toEqual([first.body]);
    expect(await indexEntries()).toHaveLength(1);
    expect(await activeApplications()).toEqual([FORM_ID]);
  });

  it('creates exactly one response when five starts race', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => start()));

    expect(results.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(results.map((res) => res.body.id));
    expect(ids.size).toBe(1);
    expect(await allResponses()).toHaveLength(1);
    expect(await indexEntries()).toHaveLength(1);
    expect(await activeApplications()).toEqual([FORM_ID]);
  });

  it('gives each applicant a response of their own', async () => {
    const ada = await startResponse(harness, 'ada');
    const eve = await startResponse(harness, 'eve');
    expect(eve.id).not.toBe(ada.id);
    expect(eve.userId).toBe('eve');
    expect(await allResponses()).toHaveLength(2);
    expect(await activeApplications('eve')).toEqual([FORM_ID]);
  });

  it('does not list the form twice when the user record already has it', async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', { activeApplications: [FORM_ID] });
    expect((await start()).status).toBe(201);
    expect(await activeApplications()).toEqual([FORM_ID]);
  });

  it('still returns an existing response after the deadline', async () => {
    const first = await start();
    harness.clock.now = later(START, 61 * DAY_MS);
    const again = await start();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it.each([
    ['an unknown form', async () => undefined, { formId: 'no-such-form' }, 404, 'No form with this ID!', undefined],
    [
      'an inactive form',
      () => updateForm(harness.store, FORM_ID, { isActive: false }),
      { formId: FORM_ID },
      403,
      'This form is not accepting applications',
      'form-closed',
    ],
    [
      'a form past its due date',
      async () => {
        harness.clock.now = later(START, 61 * DAY_MS);
      },
      { formId: FORM_ID },
      403,
      'The deadline for this application has passed',
      'past-due',
    ],
    [
      'a form at its due instant',
      async () => {
        harness.clock.now = new Date(harness.form.dueDate);
      },
      { formId: FORM_ID },
      403,
      'The deadline for this application has passed',
      'past-due',
    ],
    ['a body without formId', async () => undefined, {}, 400, 'Invalid application start', undefined],
    [
      'a body with other fields',
      async () => undefined,
      { formId: FORM_ID, userId: 'eve' },
      400,
      'Invalid application start',
      undefined,
    ],
    ['a malformed form id', async () => undefined, { formId: '../x' }, 400, 'Invalid application start', undefined],
  ])('refuses %s and creates nothing', async (_case, arrange, body, status, message, reason) => {
    await arrange();
    const res = await start(body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.reason).toBe(reason);
    expect(await allResponses()).toEqual([]);
    expect(await indexEntries()).toEqual([]);
    expect(await activeApplications()).toEqual([]);
  });

  it('answers 404 and creates nothing for a caller without a user record', async () => {
    await harness.store.delete(COLLECTIONS.users, 'ada');
    const res = await start();
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No user record for this account');
    expect(await allResponses()).toEqual([]);
  });

  it('needs a verified email', async () => {
    expect((await request(harness.server).post('/api/responses').send({ formId: FORM_ID })).status).toBe(401);
    const res = await harness.as('unverified').post('/responses', { formId: FORM_ID });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('email-not-verified');
    expect(await allResponses()).toEqual([]);
  });
});

describe('GET /api/responses/:responseId', () => {
  it('answers the owner with the response', async () => {
    const response = await startResponse(harness);
    const res = await harness.as('ada').get(`/responses/${response.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(response);
  });

  it.each([
    ['another user', 'eve', 'own'],
    ['an unknown id', 'ada', '3b241101-e2bb-4255-8caf-4136c566a962'],
    ['a malformed id', 'ada', 'not-a-uuid'],
  ] as const)('answers 404 "No response for this ID!" to %s', async (_case, caller, id) => {
    const response = await startResponse(harness);
    const res = await harness.as(caller).get(`/responses/${id === 'own' ? response.id : id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No response for this ID!' } });
  });
});
