import { TEAM_ROLES } from '../ids/constants';
import {
  answersForReviewers,
  checkAnswers,
  countWords,
  emptySectionResponses,
  isPastDue,
  rolesFromAnswers,
  sectionsForReviewers,
  sectionsWithUnchosenAnswers,
  withoutUnchosenAnswers,
  visibleSections,
  withAnswer,
  wordLimitIssue,
  withExclusiveOptions,
} from './form-rules';
import type { ApplicationResponse, SectionResponse } from '../schemas/responses';
import { questionSchema, type ApplicationForm, type Question } from '../schemas/forms';

const FORM: ApplicationForm = {
  id: 'spring',
  semester: 'Spring 2026',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2026-04-01T00:00:00.000Z',
  reviewRubrics: [],
  interviewRubrics: [],
  sections: [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [
        { questionId: 'roles', questionText: 'Roles', questionType: 'role-select' },
        { questionId: 'pitch', questionText: 'Pitch', questionType: 'short-answer', minWords: 2, maxWords: 4 },
        { questionId: 'year', questionText: 'Year', questionType: 'multiple-choice', options: ['1', '2'] },
        {
          questionId: 'tools',
          questionText: 'Tools',
          questionType: 'multiple-select',
          options: ['git', 'figma'],
          optional: true,
        },
      ],
    },
    {
      sectionId: 'engineering',
      sectionName: 'Engineering',
      forRoles: ['engineer', 'tech-lead'],
      questions: [{ questionId: 'project', questionText: 'A project', questionType: 'long-answer' }],
    },
    {
      sectionId: 'design',
      sectionName: 'Design',
      forRoles: ['designer'],
      questions: [{ questionId: 'portfolio', questionText: 'Portfolio', questionType: 'long-answer' }],
    },
  ],
};

function answers(values: Record<string, unknown>): SectionResponse[] {
  let response = { id: 'r', sectionResponses: emptySectionResponses(FORM) } as ApplicationResponse;
  for (const [path, value] of Object.entries(values)) {
    const [sectionId, questionId] = path.split('.') as [string, string];
    response = withAnswer(response, sectionId, questionId, value as string);
  }
  return response.sectionResponses;
}

const save = (sections: SectionResponse[]) => checkAnswers(FORM, sections, { mode: 'save', teamRoles: TEAM_ROLES });
const submit = (sections: SectionResponse[]) => checkAnswers(FORM, sections, { mode: 'submit', teamRoles: TEAM_ROLES });
const paths = (issues: { path: string }[]) => issues.map((issue) => issue.path);

describe('visibleSections', () => {
  it('shows a section with roles only to an applicant who chose one of them', () => {
    const ids = (roles: string[]) => visibleSections(FORM, roles).map((section) => section.sectionId);
    expect(ids([])).toEqual(['about']);
    expect(ids(['tech-lead'])).toEqual(['about', 'engineering']);
    expect(ids(['designer', 'engineer'])).toEqual(['about', 'engineering', 'design']);
  });
});

describe('answers of sections for roles not chosen', () => {
  const answered = answers({
    'about.roles': ['engineer'] as unknown as string,
    'engineering.project': 'A compiler',
    'design.portfolio': 'dribbble.com/me',
  });

  it('names the hidden sections that hold answers', () => {
    expect(sectionsWithUnchosenAnswers(FORM, answered).map((section) => section.sectionId)).toEqual(['design']);
    expect(sectionsWithUnchosenAnswers(FORM, answered, ['engineer', 'designer'])).toEqual([]);
    expect(sectionsWithUnchosenAnswers(FORM, answered, []).map((section) => section.sectionId)).toEqual([
      'engineering',
      'design',
    ]);
  });

  it('empties them and keeps every other answer', () => {
    const kept = withoutUnchosenAnswers(FORM, answered);
    const byPath = Object.fromEntries(
      kept.flatMap((section) => section.questions.map((q) => [`${section.sectionId}.${q.questionId}`, q.response])),
    );
    expect(byPath).toMatchObject({
      'about.roles': ['engineer'],
      'engineering.project': 'A compiler',
      'design.portfolio': '',
    });
    expect(kept.map((section) => section.sectionId)).toEqual(['about', 'engineering', 'design']);
    const nothingHidden = answers({ 'about.roles': ['designer'] as unknown as string, 'design.portfolio': 'x' });
    expect(withoutUnchosenAnswers(FORM, nothingHidden)).toBe(nothingHidden);
  });
});

describe('rolesFromAnswers', () => {
  it('is the role-select answer, each role once', () => {
    expect(rolesFromAnswers(FORM, answers({ 'about.roles': ['engineer', 'designer', 'engineer'] }))).toEqual([
      'engineer',
      'designer',
    ]);
    expect(rolesFromAnswers(FORM, answers({}))).toEqual([]);
  });

  it('reads no other question, whatever it holds', () => {
    expect(rolesFromAnswers(FORM, answers({ 'about.tools': ['git'] }))).toEqual([]);
  });
});

describe('checkAnswers on save (a draft)', () => {
  it('accepts an empty draft and a partial one', () => {
    expect(save(answers({}))).toEqual([]);
    expect(save(answers({ 'about.roles': ['engineer'], 'about.year': '2' }))).toEqual([]);
  });

  it('refuses answers of the wrong shape, naming each question', () => {
    const issues = save(
      answers({ 'about.roles': ['pilot'], 'about.year': '9', 'about.tools': ['git', 'git'], 'about.pitch': ['a'] }),
    );
    expect(issues).toEqual([
      { path: 'about.roles', questionId: 'roles', message: '"pilot" is not a team role' },
      { path: 'about.pitch', questionId: 'pitch', message: 'This answer must be text' },
      { path: 'about.year', questionId: 'year', message: '"9" is not one of the options' },
      { path: 'about.tools', questionId: 'tools', message: 'An option is chosen twice' },
    ]);
  });

  it('refuses unknown sections and questions, a changed type and an answer of another form', () => {
    const sections = answers({});
    const about = sections[0]!;
    const tampered: SectionResponse[] = [
      { ...about, questions: [{ ...about.questions[0]!, questionType: 'short-answer' }] },
      { ...about, questions: [{ ...about.questions[1]!, applicationFormId: 'autumn' }] },
      { ...about, questions: [{ ...about.questions[1]!, questionId: 'ghost' }] },
      { sectionId: 'nowhere', sectionName: 'Nowhere', questions: [] },
    ];
    expect(save(tampered).map((issue) => issue.message)).toEqual([
      'This question is of type role-select',
      'This section appears twice',
      'This answer belongs to another form',
      'This section appears twice',
      'Unknown question "ghost"',
      'Unknown section "nowhere"',
    ]);
  });
});

describe('checkAnswers on submit', () => {
  const complete = { 'about.roles': ['engineer'], 'about.pitch': 'I build things', 'about.year': '1' };

  it('accepts a complete application, without the sections of roles not chosen', () => {
    expect(submit(answers({ ...complete, 'engineering.project': 'A compiler' }))).toEqual([]);
  });

  it('asks for every required answer of the visible sections, and only those', () => {
    expect(paths(submit(answers(complete)))).toEqual(['engineering.project']);
    expect(paths(submit(answers({ ...complete, 'about.roles': ['designer'] })))).toEqual(['design.portfolio']);
  });

  it('checks word counts', () => {
    const short = submit(answers({ ...complete, 'about.pitch': 'Hi', 'engineering.project': 'x' }));
    expect(short).toEqual([{ path: 'about.pitch', questionId: 'pitch', message: 'Write at least 2 words (now 1)' }]);
    const long = submit(answers({ ...complete, 'about.pitch': 'one two three four five', 'engineering.project': 'x' }));
    expect(long[0]?.message).toBe('Write at most 4 words (now 5)');
  });

  it('needs at least one role, said once', () => {
    const issues = submit(answers({ 'about.pitch': 'I build things', 'about.year': '1' }));
    expect(issues).toEqual([{ path: 'about.roles', questionId: 'roles', message: 'Choose at least one role' }]);
  });

  it('reports shape problems alone, before completeness', () => {
    expect(submit(answers({ 'about.year': '9' }))).toEqual([
      { path: 'about.year', questionId: 'year', message: '"9" is not one of the options' },
    ]);
  });
});

describe('countWords', () => {
  it('counts words separated by any white space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one\ttwo\nthree  ')).toBe(3);
  });

  // The rule, as a reader counts: white space separates words, and so does a dash, slash,
  // underscore, backslash, vertical bar, plus sign or semicolon between two letters or digits (a
  // comma too, but not between two digits), in their full-width forms too. An apostrophe, period,
  // colon, @ or & keeps one word. Punctuation standing alone (a dash, a bullet) is no word.
  it.each([
    ['well-known', 2],
    ['one-two-three-four', 4],
    ['either/or', 2],
    ['snake_case_words', 3],
    ['en–dash em—dash', 4],
    ['a\\b|c+d;e', 5],
    ['one,two,three', 3],
    ['a--b // c', 3],
    ['１２３／４５６', 2],
    ['x，y', 2],
    ["don't it’s", 2],
    ['e.g. example.com 3.14', 3],
    ['1,000 people at 12:30', 4],
    ['ada@example.com R&D', 2],
    ['- a list item', 3],
    ['word - • ...', 1],
    ['C++ and 50%', 3],
    ['nai\u0308ve-cafe\u0301', 2],
    ['👩🏽\u200D💻 🚀', 2],
  ])('counts %j as %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  it('cannot be fooled by joining many words with a separator', () => {
    const thirty = Array.from({ length: 30 }, (_, index) => `word${index}`);
    for (const joiner of ['-', '/', '–', '—', '_', '\u2010', '\u2212', '\uFF0F']) {
      expect(countWords(thirty.join(joiner))).toBe(30);
    }
  });
});

const causes: Question = {
  questionId: 'causes',
  questionType: 'multiple-select',
  questionText: 'Which causes matter most to you?',
  options: ['Education', 'Health', 'None of the above'],
  exclusiveOptions: ['None of the above'],
};

describe('exclusive options', () => {
  test('ticking an exclusive option leaves only it', () => {
    expect(withExclusiveOptions(causes, ['Education', 'Health'], ['Education', 'Health', 'None of the above'])).toEqual(
      ['None of the above'],
    );
  });

  test('ticking another option clears the exclusive one', () => {
    expect(withExclusiveOptions(causes, ['None of the above'], ['None of the above', 'Health'])).toEqual(['Health']);
  });

  test('clearing an option changes nothing else; questions without exclusive options are left alone', () => {
    expect(withExclusiveOptions(causes, ['Education', 'Health'], ['Health'])).toEqual(['Health']);
    const plain = { ...causes, exclusiveOptions: undefined };
    expect(withExclusiveOptions(plain, ['Health'], ['Health', 'None of the above'])).toEqual([
      'Health',
      'None of the above',
    ]);
  });
});

describe('word limits', () => {
  const essay: Question = {
    questionId: 'essay',
    questionType: 'long-answer',
    questionText: 'Why?',
    minWords: 3,
    maxWords: 5,
  };

  test('below the minimum, above the maximum, within', () => {
    expect(wordLimitIssue(essay, 'one two')).toBe('Write at least 3 words (now 2)');
    expect(wordLimitIssue(essay, 'one two three four five six')).toBe('Write at most 5 words (now 6)');
    expect(wordLimitIssue(essay, 'one two three')).toBeNull();
    expect(wordLimitIssue(causes, 'anything')).toBeNull();
  });
});

describe('sectionsForReviewers and answersForReviewers', () => {
  const file = (questionId: string, hiddenFromReviewers?: boolean): Question => ({
    questionId,
    questionText: questionId,
    questionType: 'file-upload',
    acceptedTypes: ['application/pdf'],
    maxSizeBytes: 1024,
    ...(hiddenFromReviewers === undefined ? {} : { hiddenFromReviewers }),
  });
  const form = {
    sections: [
      {
        sectionId: 'private',
        sectionName: 'Private',
        hiddenFromReviewers: true,
        questions: [
          { questionId: 'phone', questionText: 'Phone', questionType: 'short-answer' as const },
          file('cv', false),
        ],
      },
      { sectionId: 'open', sectionName: 'Open', questions: [file('portfolio', true), file('sample')] },
      { sectionId: 'gone', sectionName: 'Gone', hiddenFromReviewers: true, questions: [file('id-card')] },
    ],
  };

  it('keeps a file question shown to reviewers in a hidden section, drops a hidden one in a shown section', () => {
    expect(sectionsForReviewers(form).map((s) => [s.sectionId, s.questions.map((q) => q.questionId)])).toEqual([
      ['private', ['cv']],
      ['open', ['sample']],
    ]);
  });

  it('keeps a section shown to reviewers that has no questions', () => {
    const empty = { sections: [{ sectionId: 'intro', sectionName: 'Intro', questions: [] }, ...form.sections] };
    expect(sectionsForReviewers(empty).map((s) => s.sectionId)).toEqual(['intro', 'private', 'open']);
  });

  it('filters the answers the same way', () => {
    const answers = emptySectionResponses({ ...FORM, sections: form.sections });
    expect(answersForReviewers(form, answers).map((s) => [s.sectionId, s.questions.map((q) => q.questionId)])).toEqual([
      ['private', ['cv']],
      ['open', ['sample']],
    ]);
  });

  it('is validated by the form schema: a boolean on a file question', () => {
    expect(questionSchema.safeParse(file('cv', true)).success).toBe(true);
    expect(questionSchema.safeParse({ ...file('cv'), hiddenFromReviewers: 'yes' }).success).toBe(false);
  });
});

describe('isPastDue', () => {
  const due = Date.parse(FORM.dueDate);

  it('is open until the due instant and past from it on', () => {
    expect(isPastDue(FORM, new Date(due - 1))).toBe(false);
    expect(isPastDue(FORM, new Date(due))).toBe(true);
    expect(isPastDue(FORM, new Date(due + 1))).toBe(true);
  });

  it('takes the due date alone and the time as a number, with the same boundary', () => {
    expect(isPastDue(FORM.dueDate, due - 1)).toBe(false);
    expect(isPastDue(FORM.dueDate, due)).toBe(true);
    expect(isPastDue('2026-03-31T20:00:00-04:00', due)).toBe(true);
  });

  it('never holds for a date that is not one', () => {
    expect(isPastDue('', due)).toBe(false);
    expect(isPastDue('soon', new Date(8.64e15))).toBe(false);
  });
});
