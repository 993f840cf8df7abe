import { TEAM_ROLES } from '@portal/shared/domain/ids/constants';
import { draftIssues, newForm, type FormDraft } from './draft';
import { newCriterion, newRole, newRubric, roleReferences, withoutRole, withRoleId } from './roles-draft';

/** A small club's form: roles Treasurer and Events, each with a section, rubric and letter of its own. */
function clubForm(): FormDraft {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  return {
    ...draft,
    id: 'club',
    semester: 'Fall 2026',
    roles: [
      { id: 'treasurer', label: 'Treasurer' },
      { id: 'events', label: 'Events' },
      { id: 'outreach', label: 'Outreach' },
    ],
    reviewRoleRule: { requiredRole: 'treasurer', minimum: 3 },
    sections: [
      { ...draft.sections[0]!, sectionName: 'About you' },
      {
        sectionId: 'books',
        sectionName: 'Books',
        forRoles: ['treasurer'],
        questions: [{ questionId: 'q', questionType: 'short-answer', questionText: 'Why?' }],
      },
      { sectionId: 'both', sectionName: 'Both', forRoles: ['treasurer', 'events'], questions: [] },
    ],
    reviewRubrics: [
      { rubricId: 'money', roles: ['treasurer'], criteria: [newCriterion([])].map((c) => ({ ...c, prompt: 'Care' })) },
      {
        rubricId: 'general',
        roles: ['events', 'outreach'],
        criteria: [{ key: 'overall', prompt: 'Overall', min: 0, max: 4, weight: 1 }],
      },
    ],
    interviewRubrics: [
      {
        rubricId: 'talk',
        roles: ['treasurer', 'events'],
        criteria: [{ key: 'overall', prompt: 'Overall', min: 0, max: 4, weight: 1 }],
      },
    ],
    letters: [
      { decision: 'accepted', roles: ['treasurer'], body: 'Welcome, treasurer.' },
      { decision: 'accepted', body: 'Welcome.' },
    ],
  } as FormDraft;
}

test('a form is valid before any role is deleted', () => {
  expect(draftIssues(clubForm())).toEqual([]);
});

test("a role's references are every section, rubric, letter and rule that names it", () => {
  expect(roleReferences(clubForm(), 'treasurer')).toEqual([
    { where: 'Section 2 "Books" (shown for it)', only: true },
    { where: 'Section 3 "Both" (shown for it)', only: false },
    { where: 'Review rubric "money"', only: true },
    { where: 'Interview rubric "talk"', only: false },
    { where: 'Letter 1 (Accepted)', only: true },
    { where: 'Who reviews what: every reviewer must review it', only: false },
    { where: 'Who reviews what: roles per reviewer (3, lowered to 2)', only: false },
  ]);
  expect(roleReferences(clubForm(), 'outreach')).toEqual([
    { where: 'Review rubric "general"', only: false },
    { where: 'Who reviews what: roles per reviewer (3, lowered to 2)', only: false },
  ]);
});

test('deleting a role removes it everywhere: what was for it alone goes with it, and the form saves', () => {
  const draft = withoutRole(clubForm(), 0);
  expect(draft.roles!.map((role) => role.id)).toEqual(['events', 'outreach']);
  expect(draft.sections.map((section) => [section.sectionId, section.forRoles])).toEqual([
    ['section', undefined],
    ['both', ['events']],
  ]);
  expect(draft.reviewRubrics.map((rubric) => rubric.rubricId)).toEqual(['general']);
  expect(draft.interviewRubrics[0]!.roles).toEqual(['events']);
  expect(draft.letters).toEqual([{ decision: 'accepted', body: 'Welcome.' }]);
  expect(draft.reviewRoleRule).toEqual({ requiredRole: undefined, minimum: 2 });
  expect(draftIssues(draft)).toEqual([]);
});

test('deleting a role can give its references to another role instead, and the form saves', () => {
  const draft = withoutRole(clubForm(), 0, 'events');
  expect(draft.sections.map((section) => section.forRoles)).toEqual([undefined, ['events'], ['events']]);
  // Events already has a review rubric: the Treasurer's own goes.
  expect(draft.reviewRubrics.map((rubric) => rubric.roles)).toEqual([['events', 'outreach']]);
  expect(draft.interviewRubrics[0]!.roles).toEqual(['events']);
  expect(draft.letters![0]!.roles).toEqual(['events']);
  expect(draft.reviewRoleRule).toEqual({ requiredRole: 'events', minimum: 2 });
  expect(draftIssues(draft)).toEqual([]);
  const withEventsLetter = {
    ...clubForm(),
    letters: [...clubForm().letters!, { decision: 'accepted', roles: ['events'], body: 'Hi' }],
  };
  expect(withoutRole(withEventsLetter as FormDraft, 0, 'events').letters!.map((letter) => letter.roles)).toEqual([
    undefined,
    ['events'],
  ]);
});

test('deleting one of the default roles makes the roles the form’s own and keeps the default rule valid', () => {
  const draft = withoutRole(newForm(), TEAM_ROLES.indexOf('bootcamp'));
  expect(draft.roles!.map((role) => role.id)).not.toContain('bootcamp');
  expect(draft.reviewRubrics[0]!.roles).not.toContain('bootcamp');
  expect(draft.reviewRoleRule).toEqual({ requiredRole: undefined, minimum: 3 });
});

test("a role's new id carries its references along, but never merges them into another role's", () => {
  const renamed = withRoleId(clubForm(), 0, 'finance');
  expect(renamed.roles![0]!.id).toBe('finance');
  expect(renamed.sections[1]!.forRoles).toEqual(['finance']);
  expect(renamed.reviewRoleRule!.requiredRole).toBe('finance');
  expect(draftIssues(renamed)).toEqual([]);
  const clash = withRoleId(clubForm(), 0, 'events');
  expect(clash.sections[1]!.forRoles).toEqual(['treasurer']);
  const emptied = withRoleId(clubForm(), 0, '');
  expect(emptied.sections[1]!.forRoles).toEqual(['treasurer']);
});

test('new roles and criteria get placeholder ids; a new rubric is for the roles no rubric of its kind covers', () => {
  expect(newRole([{ id: 'role', label: '' }]).id).toBe('role-2');
  expect(newCriterion([]).key).toBe('criterion');
  const draft = clubForm();
  expect(newRubric(draft, 'interviewRubrics').roles).toEqual(['outreach']);
  expect(newRubric({ ...draft, interviewRubrics: [] }, 'interviewRubrics').roles).toEqual([
    'treasurer',
    'events',
    'outreach',
  ]);
  expect(newRubric(newForm(), 'interviewRubrics')).toMatchObject({ rubricId: 'interview', roles: [...TEAM_ROLES] });
});
