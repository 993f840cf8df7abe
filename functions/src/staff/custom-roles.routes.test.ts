import { parse } from 'csv-parse/sync';
import {
  FORM_DEFINITION_MESSAGES,
  typedMarkdown,
  withAnswer,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type AutoAssignPreview,
  type Page,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, later, START, type Harness } from '../testing/api-harness';
import { dumpState } from '../testing/raw-requests';
import { assign, setPreferences, storedRow } from '../testing/staff-fixtures';

/**
 * A club whose teams are not the default seven (docs/product.md#team-roles): its form defines Treasurer and Events,
 * and asks every reviewer to review Events and at least 1 role in all. Everything the portal does
 * with roles (the role-select answer, per-role sections, preferences, auto-assign, dashboards,
 * decisions, letters, the CSV) works with these roles.
 */

const CLUB_FORM_ID = 'club-fall';

const clubForm = (): ApplicationForm => ({
  id: CLUB_FORM_ID,
  semester: 'Fall 2026',
  isActive: false,
  decisionsReleased: false,
  dueDate: later(START, 30 * DAY_MS).toISOString(),
  roles: [
    { id: 'treasurer', label: 'Treasurer', description: 'Keeps the books', color: '#1f6feb', emoji: '💰' },
    { id: 'events', label: 'Events', color: '#8250df' },
  ],
  reviewRoleRule: { requiredRole: 'events', minimum: 1 },
  sections: [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [{ questionId: 'name', questionType: 'short-answer', questionText: 'Your name' }],
    },
    {
      sectionId: 'teams',
      sectionName: 'Teams',
      questions: [{ questionId: 'teams', questionType: 'role-select', questionText: 'Which teams?' }],
    },
    {
      sectionId: 'money',
      sectionName: 'Budgets',
      forRoles: ['treasurer'],
      questions: [{ questionId: 'budget', questionType: 'long-answer', questionText: 'A budget you kept' }],
    },
    {
      sectionId: 'party',
      sectionName: 'Events',
      forRoles: ['events'],
      questions: [{ questionId: 'event', questionType: 'long-answer', questionText: 'An event you ran' }],
    },
  ],
  reviewRubrics: [
    {
      rubricId: 'club',
      roles: ['treasurer', 'events'],
      criteria: [{ key: 'fit', prompt: 'Fit', min: 0, max: 4, weight: 1 }],
    },
  ],
  interviewRubrics: [],
  letters: [
    { decision: 'accepted', roles: ['treasurer'], body: 'Welcome, {firstName}, to **{role}** for {semester}!' },
  ],
});

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

async function publishAndActivate(form: ApplicationForm = clubForm()): Promise<void> {
  const published = await harness.as('dora').post('/application/forms', form);
  expect(published.status).toBe(201);
  expect((await harness.as('dora').post(`/admin/forms/${form.id}/activate`, {})).status).toBe(200);
}

async function start(): Promise<ApplicationResponse> {
  const res = await harness.as('ada').post('/responses', { formId: CLUB_FORM_ID });
  expect(res.status).toBe(201);
  return res.body as ApplicationResponse;
}

const submit = (response: ApplicationResponse) => harness.as('ada').post('/application/submit', response);

function answered(response: ApplicationResponse, teams: string[], answers: { budget?: string; event?: string } = {}) {
  let next = withAnswer(response, 'about', 'name', 'Ada');
  next = withAnswer(next, 'teams', 'teams', teams);
  if (answers.budget) next = withAnswer(next, 'money', 'budget', answers.budget);
  if (answers.event) next = withAnswer(next, 'party', 'event', answers.event);
  return next;
}

async function submitted(teams: string[]): Promise<ApplicationResponse> {
  const res = await submit(answered(await start(), teams, { budget: 'A club budget', event: 'A gala' }));
  expect(res.status).toBe(200);
  return res.body as ApplicationResponse;
}

describe('a form with its own roles', () => {
  it('is published as defined, its roles and rule stored', async () => {
    await publishAndActivate();
    const stored = await harness.store.get<ApplicationForm>(COLLECTIONS.forms, CLUB_FORM_ID);
    expect(stored).toMatchObject({ roles: clubForm().roles, reviewRoleRule: { requiredRole: 'events', minimum: 1 } });
    expect((await harness.as('ada').get('/forms/active')).body.roles).toEqual(clubForm().roles);
  });

  it.each<[string, (form: ApplicationForm) => void, string, string]>([
    [
      'a section for an unknown role',
      (form) => (form.sections[2]!.forRoles = ['engineer']),
      'sections.2.forRoles.0',
      FORM_DEFINITION_MESSAGES.unknownRole('engineer'),
    ],
    [
      'a review rubric for an unknown role',
      (form) => form.reviewRubrics[0]!.roles.push('bootcamp'),
      'reviewRubrics.0.roles.2',
      FORM_DEFINITION_MESSAGES.unknownRole('bootcamp'),
    ],
    [
      'an interview rubric for an unknown role',
      (form) => form.interviewRubrics.push({ ...form.reviewRubrics[0]!, rubricId: 'i', roles: ['catering'] }),
      'interviewRubrics.0.roles.0',
      FORM_DEFINITION_MESSAGES.unknownRole('catering'),
    ],
    [
      'a letter for an unknown role',
      (form) => (form.letters![0]!.roles = ['treasurer', 'designer']),
      'letters.0.roles.1',
      FORM_DEFINITION_MESSAGES.unknownRole('designer'),
    ],
    [
      'a required review role that is not a role',
      (form) => (form.reviewRoleRule = { requiredRole: 'bootcamp', minimum: 1 }),
      'reviewRoleRule.requiredRole',
      FORM_DEFINITION_MESSAGES.unknownRole('bootcamp'),
    ],
    [
      'a minimum above the number of roles',
      (form) => (form.reviewRoleRule = { minimum: 3 }),
      'reviewRoleRule.minimum',
      FORM_DEFINITION_MESSAGES.reviewRoleMinimum(2),
    ],
    [
      'two roles with one id',
      (form) => form.roles!.push({ id: 'events', label: 'Parties' }),
      'roles.2.id',
      FORM_DEFINITION_MESSAGES.duplicateRoleId,
    ],
    [
      'a role without a review rubric',
      (form) => form.roles!.push({ id: 'outreach', label: 'Outreach' }),
      'reviewRubrics',
      FORM_DEFINITION_MESSAGES.noReviewRubric('Outreach'),
    ],
  ])('refuses %s with 400 at the field, and writes nothing', async (_name, change, path, message) => {
    const form = clubForm();
    change(form);
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/application/forms', form);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(expect.arrayContaining([{ path, message }]));
    expect(await dumpState(harness)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>]>([
    ['roles as a string', { roles: 'treasurer' }],
    ['a role without an id', { roles: [{ label: 'Treasurer' }] }],
    ['letters as a string', { letters: 'Welcome!' }],
    ['a null letter', { letters: [null] }],
    ['the review-role rule as a string', { reviewRoleRule: 'events' }],
  ])('answers 400, never a 500, to %s', async (_name, change) => {
    const res = await harness.as('dora').post('/application/forms', { ...clubForm(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-request');
  });

  it("lets an applicant pick the form's roles, asks the sections for the roles picked, and refuses other roles", async () => {
    await publishAndActivate();
    const response = await start();

    const other = await submit(answered(response, ['engineer'], { budget: 'x' }));
    expect(other.status).toBe(400);
    expect(other.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'teams.teams', message: '"engineer" is not a team role' }),
    );

    const missing = await submit(answered(response, ['treasurer']));
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((issue: { path: string }) => issue.path)).toEqual(['money.budget']);

    // The Events section is not asked of a Treasurer applicant.
    const res = await submit(answered(response, ['treasurer'], { budget: 'A club budget' }));
    expect(res.status).toBe(200);
    expect(res.body.rolesApplied).toEqual(['treasurer']);
    const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
    expect(rows.map((row) => [row.applicationFormId, row.role])).toEqual([[CLUB_FORM_ID, 'treasurer']]);
  });

  it("checks a reviewer's preferences against the active form's roles and rule (Events and at least 1)", async () => {
    await publishAndActivate();
    const put = (roles: string[]) => harness.as('rita').put('/users/rita/preferences', { roles });
    const rule = 'All reviewers must review Events applications. Select at least 1 role!';

    expect((await put(['events'])).status).toBe(200);
    expect((await put(['treasurer', 'events'])).body.applicantRolePreferences).toEqual(['treasurer', 'events']);

    const before = await dumpState(harness);
    const withoutEvents = await put(['treasurer']);
    expect(withoutEvents.status).toBe(400);
    expect(withoutEvents.body.error).toEqual({
      code: 'invalid-request',
      message: rule,
      details: [{ path: 'roles', message: rule }],
    });
    const defaults = await put(['bootcamp', 'engineer', 'designer']);
    expect(defaults.status).toBe(400);
    expect(defaults.body.error.details).toEqual([
      { path: 'roles.0', message: FORM_DEFINITION_MESSAGES.unknownRole('bootcamp') },
      { path: 'roles.1', message: FORM_DEFINITION_MESSAGES.unknownRole('engineer') },
      { path: 'roles.2', message: FORM_DEFINITION_MESSAGES.unknownRole('designer') },
    ]);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('words a rule without a required role by its minimum alone', async () => {
    await publishAndActivate({ ...clubForm(), reviewRoleRule: { minimum: 2 } });
    const res = await harness.as('rita').put('/users/rita/preferences', { roles: ['treasurer'] });
    expect(res.body.error.message).toBe('Select at least 2 roles!');
    expect((await harness.as('rita').put('/users/rita/preferences', { roles: ['treasurer', 'events'] })).status).toBe(
      200,
    );
  });

  it("auto-assigns by the form's required role: every reviewer reviews Events, other roles only by preference", async () => {
    await publishAndActivate();
    const response = await submitted(['treasurer', 'events']);
    await setPreferences(harness, 'rita', ['events']);
    await setPreferences(harness, 'rob', ['treasurer']);
    const res = await harness.as('dora').post(`/admin/forms/${CLUB_FORM_ID}/auto-assign/preview`, {
      reviewersPerApplication: 3,
      staffIds: ['dora', 'rita', 'rob'],
    });
    expect(res.status).toBe(200);
    const plan = res.body as AutoAssignPreview;
    const staffFor = (role: string) =>
      plan.assignments
        .filter((item) => item.responseId === response.id && item.role === role)
        .map((item) => item.staffId)
        .sort();
    expect(staffFor('events')).toEqual(['dora', 'rita', 'rob']);
    expect(staffFor('treasurer')).toEqual(['dora', 'rob']);
  });

  it("reviews a row of the form's own role with the rubric for it, and scores it", async () => {
    await publishAndActivate();
    const response = await submitted(['treasurer']);
    const [review] = await assign(harness, [{ responseId: response.id, role: 'treasurer', staffId: 'rob' }]);
    const screen = await harness.as('rob').get(`/admin/assessments/review/${review!.id}`);
    expect(screen.status).toBe(200);
    expect(screen.body.rubric.rubricId).toBe('club');
    expect(screen.body.form.roles).toEqual(clubForm().roles);
    const done = await harness
      .as('rob')
      .post(`/admin/assessments/review/${review!.id}/submit`, { scores: { fit: 3 }, comments: '', version: 0 });
    expect(done.status).toBe(200);
    expect(await storedRow(harness, response.id, 'treasurer')).toMatchObject({ reviewsDone: 1, reviewScore: 3 });
  });

  it("lists, decides and exports rows of the form's roles, and the applicant reads their letter with the role's label", async () => {
    await publishAndActivate();
    const response = await submitted(['treasurer', 'events']);

    const rows = await harness.as('dora').get(`/admin/forms/${CLUB_FORM_ID}/rows`);
    expect(rows.status).toBe(200);
    expect((rows.body as Page<ApplicationRow>).items.map((row) => row.role).sort()).toEqual(['events', 'treasurer']);

    const decide = (role: string, decision: string) =>
      harness.as('dora').put(`/admin/rows/${response.id}/${role}/decision`, { decision });
    expect((await decide('treasurer', 'accepted')).status).toBe(200);
    expect((await decide('events', 'denied')).status).toBe(200);
    expect((await decide('engineer', 'accepted')).status).toBe(404);

    const preview = await harness.as('dora').get(`/admin/rows/${response.id}/treasurer/letter`);
    expect(preview.body.letter).toEqual({ body: `Welcome, ${typedMarkdown('ada')}, to **Treasurer** for Fall 2026!` });

    const csv = await harness.as('dora').get(`/admin/forms/${CLUB_FORM_ID}/export/applications.csv`);
    expect(csv.status).toBe(200);
    // The first record is the export's notice (exports/export-notice.ts), then the header.
    const [notice, header, ...records] = parse(csv.text, { bom: true }) as string[][];
    expect(notice![0]).toMatch(/^# Exported from the application portal/);
    const at = (name: string) => header!.indexOf(name);
    expect(records.map((record) => record[at('Role')]).sort()).toEqual(['Events', 'Treasurer']);
    expect(records[0]![at('Roles applied')]).toBe('Treasurer; Events');
    expect(records[0]![at('Which teams?')]).toBe('Treasurer; Events');

    expect((await harness.as('dora').post(`/admin/forms/${CLUB_FORM_ID}/release`, {})).status).toBe(200);
    const decision = await harness.as('ada').get(`/responses/${response.id}/decisions/treasurer`);
    expect(decision.status).toBe(200);
    expect(decision.body).toMatchObject({ role: 'treasurer', decision: 'accepted' });
    expect(decision.body.letter).toEqual({ body: `Welcome, ${typedMarkdown('ada')}, to **Treasurer** for Fall 2026!` });
    // The applicant's pages read the form's roles with their answers, for the labels.
    expect(decision.body.formRoles).toEqual(clubForm().roles);
    const mine = await harness.as('ada').get('/responses/mine');
    const club = mine.body.items.find((item: { form: { id: string } }) => item.form.id === CLUB_FORM_ID);
    expect(club.form.roles).toEqual(clubForm().roles);
  });
});
