import type { Question } from '@portal/shared/domain/schemas/forms';
import { draftIssues, idFromText, moved, newForm, pathLabel, toDefinition, uniqueId, withDerivedId } from './draft';

test('ids come from texts: lower case, accents and punctuation folded into dashes, never taken twice', () => {
  expect(idFromText('Why do you want to join?')).toBe('why-do-you-want-to-join');
  expect(idFromText('  Résumé & links ')).toBe('resume-links');
  expect(uniqueId('about', ['about', 'about-2'])).toBe('about-3');
  expect(uniqueId('', [])).toBe('item');
});

test('moving an item swaps it with its neighbour, and does nothing past either end', () => {
  expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
});

test('the definition leaves out empty optional fields and blank option lines', () => {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  draft.sections[0]!.questions.push({
    questionId: 'q',
    questionType: 'multiple-select',
    questionText: 'Pick',
    secondaryText: '',
    options: ['A', ' B ', ''],
    exclusiveOptions: [''],
  });
  const definition = toDefinition(draft);
  expect(definition).not.toHaveProperty('description');
  expect(definition.sections[0]!.questions.at(-1)).toEqual({
    questionId: 'q',
    questionType: 'multiple-select',
    questionText: 'Pick',
    options: ['A', 'B'],
  });
});

test('a section of text alone (no questions) is a definition the API takes', () => {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  draft.id = 'fall-2026';
  draft.semester = 'Fall 2026';
  draft.sections[0] = { sectionId: 'welcome', sectionName: 'Welcome', description: 'Read this first.', questions: [] };
  draft.sections.push({
    sectionId: 'about',
    sectionName: 'About you',
    questions: [{ questionId: 'roles', questionType: 'role-select', questionText: 'Which roles?' }],
  });
  expect(toDefinition(draft).sections[0]).toEqual({
    sectionId: 'welcome',
    sectionName: 'Welcome',
    description: 'Read this first.',
    questions: [],
  });
  expect(draftIssues(draft)).toEqual([]);
});

test('a choice without enough options says what it needs, however many are left', () => {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  draft.id = 'fall-2026';
  draft.semester = 'Fall 2026';
  const ask = (options: string[]): Question => ({
    questionId: 'q',
    questionType: 'multiple-choice',
    questionText: 'Pick one',
    options,
  });
  const messages = (options: string[]) => {
    draft.sections[0] = { sectionId: 'about', sectionName: 'About you', questions: [ask(options)] };
    return draftIssues(draft).filter((issue) => issue.path === 'sections.0.questions.0.options');
  };
  const needsTwo = [
    { path: 'sections.0.questions.0.options', message: 'A multiple-choice question needs at least 2 options' },
  ];
  expect(messages(['Only one'])).toEqual(needsTwo);
  expect(messages([])).toEqual(needsTwo);
  expect(messages(['', '  '])).toEqual(needsTwo);
});

test('a rubric without roles or criteria, and a form without sections, say what they need', () => {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  draft.id = 'fall-2026';
  draft.semester = 'Fall 2026';
  draft.sections = [];
  draft.reviewRubrics = [{ rubricId: 'general', roles: [], criteria: [] }];
  expect(draftIssues(draft)).toEqual(
    expect.arrayContaining([
      { path: 'sections', message: 'A form needs at least 1 section' },
      { path: 'reviewRubrics.0.roles', message: 'Choose at least 1 role for this rubric' },
      { path: 'reviewRubrics.0.criteria', message: 'A rubric needs at least 1 criterion' },
    ]),
  );
});

test('a new form has what every form needs: a Team roles question and a review rubric for every role', () => {
  const draft = newForm(new Date('2026-01-01T12:00:00Z'));
  draft.id = 'fall-2026';
  draft.semester = 'Fall 2026';
  draft.sections[0]!.sectionName = 'About you';
  expect(draftIssues(draft)).toEqual([]);
});

test('a problem path reads as where it is in the form', () => {
  const draft = newForm();
  draft.sections[0] = {
    sectionId: 'about',
    sectionName: 'About you',
    questions: [{ questionId: 'q', questionType: 'short-answer', questionText: 'Your name?' }],
  };
  expect(pathLabel('sections.0.questions.0.maxWords', draft)).toBe(
    'Section 1 "About you" › Question 1 "Your name?" › Maximum words',
  );
  expect(pathLabel('reviewRubrics.1.criteria.0.max', draft)).toBe('Review rubrics 2 › Criteria 1 › Highest score');
  expect(pathLabel('semester', draft)).toBe('Semester');
});

test('an unsaved id follows its text while it is the one made from it, a placeholder, or the text was cleared', () => {
  expect(withDerivedId('Overall', 'Impact', 'overall', false, [])).toBe('impact');
  expect(withDerivedId('', 'Impact', 'overall', false, [])).toBe('impact');
  expect(withDerivedId('', 'Treasurer', 'role-2', false, ['treasurer'])).toBe('treasurer-2');
  expect(withDerivedId('Overall', 'Impact', 'my-key', false, [])).toBe('my-key');
  expect(withDerivedId('Overall', 'Impact', 'overall', true, [])).toBe('overall');
});
