import { MESSAGE_PLACEHOLDERS } from '../ids/placeholders';
import { messageTemplatesSchema } from '../schemas/message-templates';
import { answersSummary, DEFAULT_MESSAGE_TEMPLATES, fillMessage, messageTemplate } from './messages';
import { typedMarkdown } from '../rules/markdown-text';
import type { ApplicationForm } from '../schemas/forms';

const issues = (value: unknown) =>
  (messageTemplatesSchema.safeParse(value).error?.issues ?? []).map((issue) => ({
    path: issue.path,
    message: issue.message,
  }));

test("each kind allows the letters' placeholders plus its own, refusing others on the field, naming them", () => {
  expect(MESSAGE_PLACEHOLDERS.submissionReceipt).toEqual(
    expect.arrayContaining(['firstName', 'role', 'semester', 'chapter', 'submittedAt', 'answers']),
  );
  expect(issues({ submissionReceipt: { subject: 'Hi {firstName}', body: '{answers} at {submittedAt}' } })).toEqual([]);
  expect(issues({ submissionReceipt: { subject: 'Hi', body: 'Your {letter} and {nickname}' } })).toEqual([
    {
      path: ['submissionReceipt', 'body'],
      message: expect.stringMatching(/^Unknown placeholder \{letter\}, \{nickname\}: use \{firstName\}/),
    },
  ]);
  // A block placeholder may not stand in a subject, nor may a subject have two lines.
  expect(issues({ decisionReleased: { subject: 'Your {letter}', body: 'x' } })[0]?.path).toEqual([
    'decisionReleased',
    'subject',
  ]);
  expect(issues({ decisionReleased: { subject: 'a\nb', body: 'x' } })[0]?.path).toEqual([
    'decisionReleased',
    'subject',
  ]);
  expect(issues({ reminder: { subject: 'a', body: 'b' } })[0]?.path).toEqual([]);
});

test('a form without a template of a kind uses the default', () => {
  expect(messageTemplate({}, 'decisionReleased')).toBe(DEFAULT_MESSAGE_TEMPLATES.decisionReleased);
  const own = { subject: 'S', body: 'B' };
  expect(messageTemplate({ messages: { decisionReleased: own } }, 'decisionReleased')).toBe(own);
  // The defaults pass their own schema.
  expect(issues(DEFAULT_MESSAGE_TEMPLATES)).toEqual([]);
});

test('inline values are escaped in a body and kept as they are in a subject; block values stay markdown', () => {
  const values = { firstName: '*Ada*', answers: '- **Q**: a' };
  expect(fillMessage('Hi {firstName}\n{answers} {unknown}', values)).toBe(
    `Hi ${typedMarkdown('*Ada*')}\n- **Q**: a {unknown}`,
  );
  expect(typedMarkdown('*Ada*')).toBe('\uE000\\*Ada\\*\uE001');
  expect(fillMessage('Hi {firstName}', values, 'plain')).toBe('Hi *Ada*');
});

test('the answers summary lists each answered question by section, cutting long answers, naming files', () => {
  const form = {
    sections: [
      {
        sectionId: 's1',
        sectionName: 'About [you]',
        questions: [
          { questionId: 'q1', questionText: 'Name', questionType: 'short-answer' },
          { questionId: 'q2', questionText: 'Essay', questionType: 'long-answer' },
          { questionId: 'q3', questionText: 'CV', questionType: 'file-upload' },
          { questionId: 'q4', questionText: 'Skipped', questionType: 'short-answer', optional: true },
          { questionId: 'q5', questionText: 'Roles', questionType: 'role-select' },
        ],
      },
    ],
  } as unknown as ApplicationForm;
  const answer = (questionId: string, response: string | string[]) => ({
    questionId,
    questionType: 'short-answer' as const,
    applicationFormId: 'f',
    response,
  });
  const summary = answersSummary(
    form,
    [
      {
        sectionId: 's1',
        sectionName: 'About you',
        questions: [
          answer('q1', 'Ada <b>'),
          answer('q2', 'x'.repeat(400)),
          answer('q3', 'file-id'),
          answer('q4', ''),
          answer('q5', ['engineer']),
        ],
      },
    ],
    (role) => role.toUpperCase(),
  );
  expect(summary.split('\n')).toEqual([
    '**About \\[you\\]**',
    '',
    // Each answer is what the applicant typed: marked, so no renderer links it.
    `- **Name**: ${typedMarkdown('Ada <b>')}`,
    `- **Essay**: ${typedMarkdown(`${'x'.repeat(300)}…`)}`,
    `- **CV**: ${typedMarkdown('(a file, uploaded)')}`,
    `- **Roles**: ${typedMarkdown('ENGINEER')}`,
  ]);
});
