import { unknownPlaceholders } from '../ids/placeholders';
import { decisionLetterSchema, LETTER_MESSAGES, type DecisionLetter } from '../schemas/decision-letters';
import { applicantLetter, fillLetter, letterFor } from './decision-letters';
import { escapeMarkdown, typedMarkdown } from '../rules/markdown-text';

const LETTERS: DecisionLetter[] = [
  { decision: 'accepted', roles: ['bootcamp'], body: 'Bootcamp: welcome, {firstName}!' },
  { decision: 'accepted', body: 'Welcome to {role}, {firstName}, for {semester}.' },
  { decision: 'denied', roles: ['engineer', 'designer'], body: 'Project teams: sorry.' },
];

test('a letter for the role comes first, then the decision’s letter without roles, else none', () => {
  expect(letterFor(LETTERS, 'accepted', 'bootcamp')?.body).toBe('Bootcamp: welcome, {firstName}!');
  expect(letterFor(LETTERS, 'accepted', 'engineer')?.body).toBe('Welcome to {role}, {firstName}, for {semester}.');
  expect(letterFor(LETTERS, 'denied', 'designer')?.body).toBe('Project teams: sorry.');
  expect(letterFor(LETTERS, 'denied', 'bootcamp')).toBeNull();
  expect(letterFor(undefined, 'waitlist', 'bootcamp')).toBeNull();
});

test('placeholders are filled in; a value is escaped so it stays text in markdown', () => {
  // The applicant's name, which they typed, between the marks that keep renderers from linking it.
  expect(
    fillLetter('Hi {firstName}, {role} in {semester}', { firstName: 'Ada', role: 'Tech Lead', semester: 'Fall' }),
  ).toBe(`Hi ${typedMarkdown('Ada')}, Tech Lead in Fall`);
  expect(typedMarkdown('Ada')).toBe('\uE000Ada\uE001');
  expect(escapeMarkdown('[x](javascript:alert(1)) **b** <img>')).toBe(
    '\\[x\\]\\(javascript\\:alert\\(1\\)\\) \\*\\*b\\*\\* \\<img\\>',
  );
  expect(applicantLetter({ semester: 'Fall 2026', letters: LETTERS }, 'accepted', 'tech-lead', 'Ada')).toEqual({
    body: `Welcome to Tech Lead, ${typedMarkdown('Ada')}, for Fall 2026.`,
  });
  expect(applicantLetter({ semester: 'Fall', letters: LETTERS }, 'interview', 'bootcamp', 'Ada')).toBeNull();
});

test('an unknown placeholder is refused on the body, naming it; known ones and other braces pass', () => {
  expect(unknownPlaceholders('{firstName} {lastName} {team} {lastName} { spaced }')).toEqual(['lastName', 'team']);
  const refused = decisionLetterSchema.safeParse({ decision: 'accepted', body: 'Dear {name}' });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues).toEqual([
    expect.objectContaining({ path: ['body'], message: LETTER_MESSAGES.unknownPlaceholder(['name']) }),
  ]);
  expect(
    decisionLetterSchema.safeParse({ decision: 'denied', body: 'Dear {firstName}, see {} and { x }' }).success,
  ).toBe(true);
});
