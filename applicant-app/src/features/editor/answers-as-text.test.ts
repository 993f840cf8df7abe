import { formatDateTime } from '@portal/shared/domain/rules/dates';
import { answersAsText } from './answers-as-text';
import { draftResponse, EDITOR_FORM } from './testing/editor-fixtures';

test('every visible section and question with its answer, files named as such, empty answers said so', () => {
  const response = draftResponse(
    {
      'about-you.preferred-name': 'Nova',
      'roles.roles': ['designer'],
      'design.portfolio': 'https://example.org/nova',
    },
    { rolesApplied: ['designer'] },
  );

  const text = answersAsText(EDITOR_FORM, response, new Date(2025, 1, 10, 9, 30));

  expect(text.split('\n')).toEqual([
    'Demo Semester application',
    `Your answers as of ${formatDateTime(new Date(2025, 1, 10, 9, 30))}`,
    '',
    '== About You ==',
    '',
    'What name do you go by?',
    'Nova',
    '',
    'What year are you in?',
    'No answer',
    '',
    '== Roles ==',
    '',
    'Which roles are you applying for?',
    'Designer',
    '',
    '== Design ==',
    '',
    'Link to your portfolio',
    'https://example.org/nova',
    '',
    'Walk us through your design process.',
    'No answer',
    '',
  ]);
});

test('a section of text alone (no questions) is left out: it holds no answers', () => {
  const welcome = { sectionId: 'welcome', sectionName: 'Welcome', description: 'How this works.', questions: [] };
  const form = { ...EDITOR_FORM, sections: [welcome, ...EDITOR_FORM.sections] };

  expect(answersAsText(form, draftResponse({}), new Date(2025, 1, 10, 9, 30))).not.toContain('Welcome');
});
