import { formChanges } from './form-changes';
import type { ApplicationForm } from '../schemas/forms';

const FORM: ApplicationForm = {
  id: 'fall-2026',
  semester: 'Fall 2026',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2026-09-01T03:59:00.000Z',
  roles: [
    { id: 'treasurer', label: 'Treasurer' },
    { id: 'events', label: 'Events' },
  ],
  sections: [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [{ questionId: 'why', questionText: 'Why us?', questionType: 'long-answer' }],
    },
  ],
  reviewRubrics: [
    {
      rubricId: 'main',
      roles: ['treasurer', 'events'],
      criteria: [{ key: 'motivation', prompt: 'Motivation', min: 0, max: 4, weight: 1 }],
    },
  ],
  interviewRubrics: [],
  letters: [{ decision: 'accepted', roles: ['treasurer'], body: 'Welcome, treasurer.' }],
} as ApplicationForm;

test('a form saved unchanged records no change', () => {
  expect(formChanges(FORM, structuredClone(FORM))).toEqual({ before: {}, after: {} });
});

test('rubric weights, blind review and letters are recorded field by field, by name, never by id', () => {
  const next = structuredClone(FORM);
  next.reviewRubrics[0]!.criteria[0]!.weight = 2;
  next.blindReview = { review: true };
  next.letters![0]!.body = 'Welcome aboard, treasurer.';
  next.roles![1]!.label = 'Events team';

  const changes = formChanges(FORM, next);

  expect(changes.before).toEqual({
    'Roles › Events team › Label': 'Events',
    'Review rubrics › Treasurer, Events team rubric › Criteria › Motivation › Weight': 1,
    'Letters › Accepted letter (Treasurer) › Body': 'Welcome, treasurer.',
    'Blind review › Review': null,
  });
  expect(changes.after).toEqual({
    'Roles › Events team › Label': 'Events team',
    'Review rubrics › Treasurer, Events team rubric › Criteria › Motivation › Weight': 2,
    'Letters › Accepted letter (Treasurer) › Body': 'Welcome aboard, treasurer.',
    'Blind review › Review': true,
  });
});

test('an added question is recorded with each of its fields; role ids in a list read as the roles', () => {
  const next = structuredClone(FORM);
  next.sections[0]!.forRoles = ['events'];
  next.sections[0]!.questions.push({
    questionId: 'budget',
    questionText: 'A budget you ran',
    questionType: 'short-answer',
  });

  const { before, after } = formChanges(FORM, next);

  expect(after['Sections › About you › For roles']).toEqual(['Events']);
  expect(before['Sections › About you › For roles']).toBeNull();
  expect(after['Sections › About you › Questions › A budget you ran › Question text']).toBe('A budget you ran');
  expect(before['Sections › About you › Questions › A budget you ran › Question text']).toBeNull();
});
