import {
  FORM_DEFINITION_MESSAGES,
  FORM_SCHEMA_MESSAGES,
  LETTER_MESSAGES,
  newApplicationRow,
  rowWithDecision,
  FORM_REVISION_MESSAGES,
  STAFF_MESSAGES,
  TEAM_ROLES,
  type ApplicationForm,
} from '@portal/shared/domain';
import { formStatusOf } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import { storedFormCounts } from '../store/form-counters';
import type { DocumentStore } from '../store/document-store';
import { demoForm } from '../seed/demo-form';
import {
  createHarness,
  FORM_ID,
  START,
  startResponse,
  storedResponse,
  withAnswers,
  type Caller,
  type Harness,
} from '../testing/api-harness';
import { assign, submitApplication } from '../testing/staff-fixtures';
import { dumpState, rawAsDora, unauthenticated, withProtoKey, type Method } from '../testing/raw-requests';
import { testSqliteStore } from '../testing/test-store';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const NEW_ID = 'fall-form';
/** The demo form under another id, closed; a deep copy the test may change. */
const definition = (changes: Partial<ApplicationForm> = {}): ApplicationForm =>
  structuredClone({ ...demoForm(START), id: NEW_ID, semester: 'Fall', isActive: false, ...changes });
/** Where the demo form asks for the team roles. */
const ROLES_AT = definition().sections.findIndex((section) => section.sectionId === 'roles');
const storedForm = (id: string) => harness.store.get<ApplicationForm>(COLLECTIONS.forms, id);

describe.each<{ method: Method; path: string; body: () => object; malformed: () => [string, unknown][] }>([
  {
    method: 'post',
    path: '/application/forms',
    body: () => definition(),
    malformed: () => [
      ['an empty body', {}],
      ['no sections', { ...definition(), sections: [] }],
      ['isActive as a string', { ...definition(), isActive: 'yes' }],
      ['a bad due date', { ...definition(), dueDate: 'next friday' }],
      ['a missing id', { ...definition(), id: undefined }],
      ['an id with a slash', { ...definition(), id: 'a/b' }],
      ['an extra top-level field', { ...definition(), owner: 'dora' }],
      ['null', null],
    ],
  },
  { method: 'get', path: '/admin/forms', body: () => ({}), malformed: () => [] },
  {
    method: 'post',
    path: `/admin/forms/${FORM_ID}/activate`,
    body: () => ({}),
    malformed: () => [
      ['an extra field', { isActive: false }],
      ['an array', []],
    ],
  },
  {
    method: 'put',
    path: `/admin/forms/${FORM_ID}/due-date`,
    body: () => ({ dueDate: '2026-09-01T23:59:00.000Z' }),
    malformed: () => [
      ['a missing due date', {}],
      ['a date without a time', { dueDate: '2026-09-01' }],
      ['a number', { dueDate: 1788307140000 }],
      ['an extra field', { dueDate: '2026-09-01T23:59:00.000Z', isActive: false }],
      ['null', null],
    ],
  },
])('$method $path', ({ method, path, body, malformed }) => {
  const call = (caller: Caller) =>
    method === 'get' ? harness.as(caller).get(path) : harness.as(caller)[method](path, body());

  it.each<[Caller, number]>([
    ['ada', 403],
    ['rita', 403],
    ['unverified', 403],
  ])('refuses %s with %i and writes nothing', async (caller, status) => {
    const before = await dumpState(harness);
    const res = await call(caller);
    expect(res.status).toBe(status);
    if (caller !== 'unverified') expect(res.body.error.message).toBe(STAFF_MESSAGES.superReviewerOnly);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('refuses a caller without a token with 401 and writes nothing', async () => {
    const before = await dumpState(harness);
    expect((await unauthenticated(harness, method, path, body())).status).toBe(401);
    expect(await dumpState(harness)).toEqual(before);
  });

  if (method !== 'get') {
    it.each(malformed())('answers 400 to a body with %s and writes nothing', async (_name, bad) => {
      const before = await dumpState(harness);
      const res = await rawAsDora(harness, method, path, JSON.stringify(bad));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-request');
      expect(await dumpState(harness)).toEqual(before);
    });

    it('answers 400 to a body with a __proto__ key and writes nothing', async () => {
      const before = await dumpState(harness);
      const res = await rawAsDora(harness, method, path, withProtoKey(body()));
      expect(res.status).toBe(400);
      expect(await dumpState(harness)).toEqual(before);
    });
  }
});

describe('POST /api/application/forms', () => {
  it('stores a new form and answers 201 with it, defaults filled in, neither live nor released', async () => {
    const { interviewRubrics: _i, isActive: _a, decisionsReleased: _d, ...withoutRubrics } = definition();
    const res = await harness.as('dora').post('/application/forms', withoutRubrics);
    expect(res.status).toBe(201);
    const expected = { ...withoutRubrics, isActive: false, decisionsReleased: false, interviewRubrics: [] };
    expect(res.body).toEqual(expected);
    expect(await storedForm(NEW_ID)).toEqual(expected);
    expect((await storedForm(FORM_ID))?.isActive).toBe(true);
    // Its counters start with it (every count 0), so no read recounts them while applicants save.
    expect(await storedFormCounts(harness.store, NEW_ID)).toEqual(new Map());
    const marker = await harness.store.get(COLLECTIONS.formCounters, NEW_ID);
    expect((await harness.as('dora').post('/application/forms', withoutRubrics)).status).toBeLessThan(300);
    expect(await harness.store.get(COLLECTIONS.formCounters, NEW_ID)).toEqual(marker);
  });

  it('fills in the criterion bounds and weight', async () => {
    const form = definition();
    form.reviewRubrics = [
      { rubricId: 'r', roles: [...TEAM_ROLES], criteria: [{ key: 'k', prompt: 'P' }] },
    ] as unknown as ApplicationForm['reviewRubrics'];
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(201);
    expect((await storedForm(NEW_ID))?.reviewRubrics[0]?.criteria[0]).toEqual({
      key: 'k',
      prompt: 'P',
      min: 0,
      max: 4,
      weight: 1,
    });
  });

  it("takes a criterion of weight 0 ('noted but not weighted')", async () => {
    const form = definition();
    form.reviewRubrics[0]!.criteria[2]!.weight = 0;
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(201);
    expect((await storedForm(NEW_ID))?.reviewRubrics[0]?.criteria[2]?.weight).toBe(0);
  });

  it('refuses a definition that would make a form live or release its decisions, and writes nothing', async () => {
    const before = await dumpState(harness);
    const res = await harness
      .as('dora')
      .post('/application/forms', definition({ isActive: true, decisionsReleased: true }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'isActive', message: FORM_DEFINITION_MESSAGES.isActive },
      { path: 'decisionsReleased', message: FORM_DEFINITION_MESSAGES.decisionsReleased },
    ]);
    expect(await dumpState(harness)).toEqual(before);

    const replaced = await harness
      .as('dora')
      .post('/application/forms', { ...harness.form, isActive: false, semester: 'Renamed' });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.details).toEqual([{ path: 'isActive', message: FORM_DEFINITION_MESSAGES.isActive }]);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('keeps a stored form live (and its release) when its definition is saved again', async () => {
    const { isActive: _a, decisionsReleased: _d, ...withoutState } = { ...harness.form, semester: 'Renamed' };
    const res = await harness.as('dora').post('/application/forms', withoutState);
    expect(res.status).toBe(201);
    expect(await storedForm(FORM_ID)).toEqual({ ...harness.form, semester: 'Renamed' });
  });

  it('reports basic and cross-field problems in one answer', async () => {
    const form = definition();
    question(form, 0, 0).questionType = 'essay';
    form.sections[2]!.sectionId = 'about-you';
    Object.assign(form.reviewRubrics[0]!.criteria[1]!, { min: 4, max: 4 });
    const res = await harness.as('dora').post('/application/forms', { ...form, isActive: true });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'isActive',
      'reviewRubrics.0.criteria.1.max',
      'sections.0.questions.0.questionType',
      'sections.2.sectionId',
    ]);
  });

  it('refuses a form whose roles have no review rubric, naming each role', async () => {
    const form = definition();
    form.reviewRubrics[0]!.roles = ['bootcamp', 'engineer', 'designer', 'product', 'tech-lead'];
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'reviewRubrics', message: FORM_DEFINITION_MESSAGES.noReviewRubric('Social Media Manager') },
      { path: 'reviewRubrics', message: FORM_DEFINITION_MESSAGES.noReviewRubric('Outreach Coordinator') },
    ]);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('replaces a form nobody has applied to', async () => {
    const res = await harness.as('dora').post('/application/forms', { ...harness.form, semester: 'Renamed' });
    expect(res.status).toBe(201);
    expect(await storedForm(FORM_ID)).toEqual({ ...harness.form, semester: 'Renamed' });
  });

  describe('replacing a form that has applications (answers are never lost)', () => {
    /** Ada's application with her name, year and interests answered, saved through the API. */
    async function answered() {
      const started = await startResponse(harness, 'ada');
      const body = withAnswers(started, {
        'about-you.preferred-name': 'Nova',
        'about-you.year': 'Second year',
        'motivation.interests': ['Education'],
      });
      const saved = await harness.as('ada').put(`/application/save/${started.id}`, body);
      expect(saved.status).toBe(200);
      return started.id;
    }
    const edited = (change: (form: ApplicationForm) => void) => {
      const form = structuredClone(harness.form);
      change(form);
      return form;
    };

    it.each<[string, (form: ApplicationForm) => void, { path: string; message: string }]>([
      [
        'removing an answered question',
        (form) => form.sections[0]!.questions.splice(1, 1),
        { path: 'sections', message: FORM_REVISION_MESSAGES.removed('What year are you in?', 1) },
      ],
      [
        'moving an answered question to another section',
        (form) => form.sections[2]!.questions.push(form.sections[0]!.questions.splice(0, 1)[0]!),
        {
          path: 'sections',
          message: FORM_REVISION_MESSAGES.removed(demoForm(START).sections[0]!.questions[0]!.questionText, 1),
        },
      ],
      [
        'retyping an answered question',
        (form) => Object.assign(form.sections[0]!.questions[1]!, { questionType: 'multiple-select' }),
        {
          path: 'sections.0.questions.1.questionType',
          message: FORM_REVISION_MESSAGES.retyped('What year are you in?', 'multiple-choice'),
        },
      ],
      [
        'removing an option someone chose',
        (form) => Object.assign(form.sections[0]!.questions[1]!, { options: ['First year', 'Third year'] }),
        {
          path: 'sections.0.questions.1.options',
          message: FORM_REVISION_MESSAGES.optionRemoved('What year are you in?', 'Second year'),
        },
      ],
    ])('refuses %s with 409 naming the question, and writes nothing', async (_name, change, issue) => {
      await answered();
      const before = await dumpState(harness);
      const res = await harness.as('dora').post('/application/forms', edited(change));
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'conflict',
        message: FORM_REVISION_MESSAGES.conflict,
        reason: 'answers-would-be-lost',
        details: [issue],
      });
      expect(await dumpState(harness)).toEqual(before);
    });

    it('keeps every answer when questions are added, reworded or unanswered ones removed, and the applicant can go on', async () => {
      const responseId = await answered();
      const form = edited((form) => {
        form.sections[0]!.questions[1]!.questionText = 'Which year are you in?';
        form.sections[0]!.questions.splice(2, 1); // the résumé: nobody uploaded one
        form.sections[0]!.questions.push({
          questionId: 'pronouns',
          questionType: 'short-answer',
          questionText: 'Pronouns',
        });
      });
      const res = await harness.as('dora').post('/application/forms', form);
      expect(res.status).toBe(201);
      expect(await storedForm(FORM_ID)).toEqual(form);
      const stored = (await storedResponse(harness, responseId))!;
      expect(stored.sectionResponses[0]!.questions.map((q) => [q.questionId, q.response])).toEqual([
        ['preferred-name', 'Nova'],
        ['year', 'Second year'],
        ['pronouns', ''],
      ]);
      expect(stored.sectionResponses[2]!.questions.find((q) => q.questionId === 'interests')!.response).toEqual([
        'Education',
      ]);
      const again = await harness
        .as('ada')
        .put(`/application/save/${responseId}`, withAnswers(stored, { 'about-you.pronouns': 'she/her' }));
      expect(again.status).toBe(200);
    });
  });

  it('keeps an answer saved while the form is being replaced, and moves the response to a new version', async () => {
    // The applicant saves between the server's read of the responses and its write of the form.
    const inner = testSqliteStore();
    let onFormWrite: (() => Promise<void>) | null = null;
    const store: DocumentStore = {
      ...inner,
      get: (collection, id) => inner.get(collection, id),
      query: (collection, spec) => inner.query(collection, spec),
      count: (collection, where) => inner.count(collection, where),
      create: (collection, id, data) => inner.create(collection, id, data),
      set: (collection, id, data) => inner.set(collection, id, data),
      update: (collection, id, patch) => inner.update(collection, id, patch),
      delete: (collection, id) => inner.delete(collection, id),
      batch: (operations) => inner.batch(operations),
      close: () => inner.close(),
      // The form is written in a transaction of its own (with its status document where that changes).
      async transaction(work) {
        const hook = onFormWrite;
        onFormWrite = null;
        if (hook) await hook();
        return inner.transaction(work);
      },
    };
    await harness.close();
    harness = await createHarness({ store });
    const started = await startResponse(harness, 'ada');
    const first = await harness
      .as('ada')
      .put(`/application/save/${started.id}`, withAnswers(started, { 'about-you.preferred-name': 'Nova' }));
    expect(first.status).toBe(200);
    onFormWrite = async () => {
      const res = await harness
        .as('ada')
        .put(`/application/save/${started.id}`, withAnswers(first.body, { 'about-you.preferred-name': 'Nova B.' }));
      expect(res.status).toBe(200);
    };
    const form = structuredClone(harness.form);
    form.sections[0]!.questions.push({
      questionId: 'pronouns',
      questionType: 'short-answer',
      questionText: 'Pronouns',
    });
    expect((await harness.as('dora').post('/application/forms', form)).status).toBe(201);
    expect(onFormWrite).toBeNull();
    const stored = (await storedResponse(harness, started.id))!;
    expect(stored.sectionResponses[0]!.questions.map((q) => [q.questionId, q.response])).toEqual([
      ['preferred-name', 'Nova B.'],
      ['year', ''],
      ['resume', ''],
      ['pronouns', ''],
    ]);
    expect(stored.version).toBe(first.body.version + 2);
  });

  type Change = (form: ApplicationForm) => void;
  const question = (form: ApplicationForm, s: number, q: number) =>
    form.sections[s]!.questions[q] as unknown as Record<string, unknown>;

  it.each<[string, Change, string, string]>([
    [
      'a repeated section id',
      (form) => (form.sections[2]!.sectionId = 'about-you'),
      'sections.2.sectionId',
      FORM_DEFINITION_MESSAGES.duplicateSectionId,
    ],
    [
      'a question id used in another section',
      (form) => (question(form, 3, 1).questionId = 'year'),
      'sections.3.questions.1.questionId',
      FORM_DEFINITION_MESSAGES.duplicateQuestionId,
    ],
    [
      'a repeated option',
      (form) =>
        Object.assign(question(form, 2, 1), { options: ['Health', 'Education', 'Health'], exclusiveOptions: [] }),
      'sections.2.questions.1.options',
      FORM_DEFINITION_MESSAGES.duplicateOption,
    ],
    [
      'an exclusive option that is not an option',
      (form) => (question(form, 2, 1).exclusiveOptions = ['None at all']),
      'sections.2.questions.1.exclusiveOptions',
      FORM_DEFINITION_MESSAGES.unknownExclusiveOption,
    ],
    [
      'more minimum than maximum words',
      (form) => Object.assign(question(form, 2, 0), { minWords: 301, maxWords: 300 }),
      'sections.2.questions.0.minWords',
      FORM_DEFINITION_MESSAGES.wordLimits,
    ],
    [
      'a second role-select question',
      (form) =>
        form.sections[3]!.questions.push({
          questionId: 'roles-again',
          questionType: 'role-select',
          questionText: 'Roles?',
        }),
      'sections.3.questions.2.questionType',
      FORM_DEFINITION_MESSAGES.secondRoleSelect,
    ],
    [
      'no role-select question (no applicant could ever submit)',
      (form) => (form.sections[ROLES_AT]!.questions = []),
      'sections',
      FORM_DEFINITION_MESSAGES.noRoleSelect,
    ],
    [
      'the role-select question in a section shown only for some roles (never shown before one is chosen)',
      (form) => (form.sections[ROLES_AT]!.forRoles = ['engineer']),
      `sections.${ROLES_AT}.forRoles`,
      FORM_DEFINITION_MESSAGES.roleSelectHidden,
    ],
    [
      'an optional role-select question (every application is for at least one role)',
      (form) => (question(form, ROLES_AT, 0).optional = true),
      `sections.${ROLES_AT}.questions.0.optional`,
      FORM_DEFINITION_MESSAGES.roleSelectOptional,
    ],
    [
      'a review criterion with min not below max',
      (form) => Object.assign(form.reviewRubrics[0]!.criteria[1]!, { min: 4, max: 4 }),
      'reviewRubrics.0.criteria.1.max',
      FORM_DEFINITION_MESSAGES.criterionBounds,
    ],
    [
      'an interview criterion with min above max',
      (form) => Object.assign(form.interviewRubrics[0]!.criteria[0]!, { min: 5, max: 1 }),
      'interviewRubrics.0.criteria.0.max',
      FORM_DEFINITION_MESSAGES.criterionBounds,
    ],
    [
      'a rubric whose every criterion has weight 0',
      (form) => form.interviewRubrics[0]!.criteria.forEach((criterion) => (criterion.weight = 0)),
      'interviewRubrics.0.criteria',
      FORM_DEFINITION_MESSAGES.noWeightedCriterion,
    ],
    [
      'a repeated criterion key',
      (form) => (form.reviewRubrics[0]!.criteria[2]!.key = 'motivation'),
      'reviewRubrics.0.criteria.2.key',
      FORM_DEFINITION_MESSAGES.duplicateCriterionKey,
    ],
    [
      'two review rubrics for the same role',
      (form) => {
        form.reviewRubrics[0]!.roles = ['bootcamp', 'engineer'];
        form.reviewRubrics.push({
          ...form.reviewRubrics[0]!,
          rubricId: 'second',
          roles: ['designer', 'engineer', 'product', 'tech-lead', 'social-media-manager', 'outreach-coordinator'],
        });
      },
      'reviewRubrics.1.roles.1',
      FORM_DEFINITION_MESSAGES.duplicateReviewRole,
    ],
    [
      'two interview rubrics for the same role',
      (form) => form.interviewRubrics.push({ ...form.interviewRubrics[0]!, rubricId: 'second', roles: ['product'] }),
      'interviewRubrics.1.roles.0',
      FORM_DEFINITION_MESSAGES.duplicateInterviewRole,
    ],
    [
      'a repeated rubric id',
      (form) => {
        form.reviewRubrics[0]!.roles = ['bootcamp'];
        form.reviewRubrics.push({ ...form.reviewRubrics[0]!, roles: TEAM_ROLES.filter((role) => role !== 'bootcamp') });
      },
      'reviewRubrics.1.rubricId',
      FORM_DEFINITION_MESSAGES.duplicateRubricId,
    ],
    [
      'a letter with an unknown placeholder',
      (form) => (form.letters![0]!.body = 'Dear {firstName} {lastName}, welcome to {team}!'),
      'letters.0.body',
      LETTER_MESSAGES.unknownPlaceholder(['lastName', 'team']),
    ],
    [
      'a second letter for the same decision and role',
      (form) => form.letters!.push({ decision: 'accepted', roles: ['designer', 'bootcamp'], body: 'Welcome!' }),
      'letters.4.roles',
      LETTER_MESSAGES.duplicateLetter,
    ],
    [
      'a second default letter for a decision',
      (form) => form.letters!.push({ decision: 'denied', body: 'Sorry, {firstName}.' }),
      'letters.4.decision',
      LETTER_MESSAGES.duplicateLetter,
    ],
  ])('answers 400 to %s, naming the field, and stores nothing', async (_name, change, path, message) => {
    const form = definition();
    change(form);
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-request',
      message: 'Invalid form definition',
      details: [{ path, message }],
    });
    expect(await dumpState(harness)).toEqual(before);
  });

  // Scores are an object keyed by criterion: a key Object.prototype already has would be dropped
  // or shadowed there, and a review would count as complete without its score.
  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'])(
    'answers 400 to the criterion key %s, naming the field, and stores nothing',
    async (key) => {
      const form = definition();
      form.interviewRubrics[0]!.criteria[1]!.key = key;
      const before = await dumpState(harness);
      const res = await harness.as('dora').post('/application/forms', form);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { path: 'interviewRubrics.0.criteria.1.key', message: FORM_SCHEMA_MESSAGES.reservedCriterionKey },
      ]);
      expect(await dumpState(harness)).toEqual(before);
    },
  );

  it.each<[string, Change, string]>([
    [
      'an unknown question type',
      (form) => (question(form, 0, 0).questionType = 'essay'),
      'sections.0.questions.0.questionType',
    ],
    [
      'a multiple-choice question without options',
      (form) => delete question(form, 0, 1).options,
      'sections.0.questions.1.options',
    ],
    [
      'a multiple-choice question with one option',
      (form) => (question(form, 0, 1).options = ['Only']),
      'sections.0.questions.1.options',
    ],
    [
      'an unknown role in forRoles',
      (form) => (form.sections[3]!.forRoles = ['astronaut' as 'engineer']),
      'sections.3.forRoles.0',
    ],
    [
      'an unknown rubric role',
      (form) => (form.reviewRubrics[0]!.roles = [...TEAM_ROLES, 'astronaut' as 'engineer']),
      'reviewRubrics.0.roles.7',
    ],
    ['an unknown field on a question', (form) => (question(form, 1, 0).options = ['a', 'b']), 'sections.1.questions.0'],
    ['an unknown field on a section', (form) => Object.assign(form.sections[1]!, { color: 'red' }), 'sections.1'],
    [
      'an unknown field on a criterion',
      (form) => Object.assign(form.reviewRubrics[0]!.criteria[0]!, { bonus: 1 }),
      'reviewRubrics.0.criteria.0',
    ],
    [
      'a letter for an undecided state',
      (form) => (form.letters![0]!.decision = 'interview' as 'denied'),
      'letters.0.decision',
    ],
    ['a letter for an unknown role', (form) => (form.letters![0]!.roles = ['ceo' as 'bootcamp']), 'letters.0.roles.0'],
    ['an empty letter', (form) => (form.letters![2]!.body = ''), 'letters.2.body'],
    ['an unknown field on a letter', (form) => Object.assign(form.letters![1]!, { subject: 'Hi' }), 'letters.1'],
  ])('answers 400 to %s, naming the field, and stores nothing', async (_name, change, path) => {
    const form = definition();
    change(form);
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path })]);
    expect(await dumpState(harness)).toEqual(before);
  });
});

describe('GET /api/admin/forms', () => {
  async function addRow(responseId: string, role: 'bootcamp' | 'engineer', formId: string, final: boolean) {
    const row = newApplicationRow({
      responseId,
      applicationFormId: formId,
      role,
      applicant: { id: 'ada', firstName: 'Ada', lastName: 'Tester', email: 'ada@example.com' },
      submittedAt: '2026-03-01T12:00:00.000Z',
    });
    const stored = final ? rowWithDecision(row, 'accepted') : row;
    await harness.store.set(COLLECTIONS.reviewStatuses, stored.id, stored);
  }

  it('lists every form with its rows and decided rows, counted without reading the rows', async () => {
    await harness.store.set(COLLECTIONS.forms, 'old-form', {
      ...harness.form,
      id: 'old-form',
      isActive: false,
      decisionsReleased: true,
      dueDate: '2025-10-01T00:00:00.000Z',
      semester: 'Fall 2025',
    });
    await addRow('r1', 'bootcamp', FORM_ID, true);
    await addRow('r1', 'engineer', FORM_ID, false);
    await addRow('r2', 'bootcamp', FORM_ID, false);
    await addRow('r3', 'engineer', 'old-form', true);
    const query = jest.spyOn(harness.store, 'query');

    const res = await harness.as('dora').get('/admin/forms');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: FORM_ID,
          semester: harness.form.semester,
          isActive: true,
          decisionsReleased: false,
          dueDate: harness.form.dueDate,
          rows: 3,
          decided: 1,
        },
        {
          id: 'old-form',
          semester: 'Fall 2025',
          isActive: false,
          decisionsReleased: true,
          dueDate: '2025-10-01T00:00:00.000Z',
          rows: 1,
          decided: 1,
        },
      ],
    });
    expect(query.mock.calls.map(([collection]) => collection)).toEqual([COLLECTIONS.forms]);
  });
});

describe('POST /api/admin/forms/:formId/activate', () => {
  it('activates the form and deactivates every other in one transaction, with their status documents', async () => {
    await harness.store.set(COLLECTIONS.forms, 'next', { ...harness.form, id: 'next', isActive: false });
    await harness.store.set(COLLECTIONS.forms, 'other', { ...harness.form, id: 'other', isActive: true });
    const transaction = jest.spyOn(harness.store, 'transaction');
    const batch = jest.spyOn(harness.store, 'batch');
    const res = await harness.as('dora').post('/admin/forms/next/activate');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...harness.form, id: 'next', isActive: true });
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(batch).not.toHaveBeenCalled();
    expect((await storedForm('next'))?.isActive).toBe(true);
    expect((await storedForm('other'))?.isActive).toBe(false);
    expect((await storedForm(FORM_ID))?.isActive).toBe(false);
    for (const id of ['next', 'other', FORM_ID]) {
      const form = (await storedForm(id))!;
      expect(await harness.store.get(COLLECTIONS.formStatus, id)).toEqual(formStatusOf(form));
    }
  });

  it('keeps an already active form active', async () => {
    const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/activate`, {});
    expect(res.status).toBe(200);
    expect(await storedForm(FORM_ID)).toEqual(harness.form);
  });

  it.each(['no-such-form', 'bad%2Fid'])('answers 404 to the unknown form %j and writes nothing', async (formId) => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').post(`/admin/forms/${formId}/activate`, {});
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not-found', message: STAFF_MESSAGES.noForm });
    expect(await dumpState(harness)).toEqual(before);
  });
});

describe('GET /api/admin/forms/:formId/activation', () => {
  it('names each active form that "Make active" turns off, with its drafts, open applications and open reviews', async () => {
    const ada = await submitApplication(harness, 'ada');
    await startResponse(harness, 'eve');
    await assign(harness, [
      { responseId: ada.id, role: 'engineer', staffId: 'rita' },
      { responseId: ada.id, role: 'bootcamp', staffId: 'rob' },
    ]);
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }], 'interview');
    await harness.store.set(COLLECTIONS.forms, 'next', { ...harness.form, id: 'next', isActive: false });
    const before = await dumpState(harness);

    const res = await harness.as('dora').get('/admin/forms/next/activation');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deactivates: [
        {
          id: FORM_ID,
          semester: harness.form.semester,
          drafts: 1,
          openApplications: 1,
          openReviews: 2,
          openInterviews: 1,
        },
      ],
    });
    expect(await dumpState(harness)).toEqual(before);
    // The active form itself turns nothing off.
    expect((await harness.as('dora').get(`/admin/forms/${FORM_ID}/activation`)).body).toEqual({ deactivates: [] });
    expect((await harness.as('dora').get('/admin/forms/no-such-form/activation')).status).toBe(404);
    expect((await harness.as('rita').get('/admin/forms/next/activation')).status).toBe(403);
  });
});

describe('PUT /api/admin/forms/:formId/due-date', () => {
  it('moves the due date and answers the form', async () => {
    const res = await harness
      .as('dora')
      .put(`/admin/forms/${FORM_ID}/due-date`, { dueDate: '2026-09-01T18:00:00-05:00' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...harness.form, dueDate: '2026-09-01T18:00:00-05:00' });
    expect(await storedForm(FORM_ID)).toEqual({ ...harness.form, dueDate: '2026-09-01T18:00:00-05:00' });
  });

  it('answers 404 to an unknown form and writes nothing', async () => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').put('/admin/forms/no-such-form/due-date', { dueDate: '2026-09-01T18:00:00Z' });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not-found', message: STAFF_MESSAGES.noForm });
    expect(await dumpState(harness)).toEqual(before);
  });
});

test('a form with letters is stored with them; a form without letters is valid (the generic text applies)', async () => {
  const withLetters = definition();
  expect((await harness.as('dora').post('/application/forms', withLetters)).status).toBe(201);
  expect((await storedForm(NEW_ID))?.letters).toEqual(withLetters.letters);
  const { letters: _letters, ...without } = definition({ id: 'no-letters' });
  expect((await harness.as('dora').post('/application/forms', without)).status).toBe(201);
  expect(await storedForm('no-letters')).not.toHaveProperty('letters');
});
