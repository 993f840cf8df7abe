import { blindReviewSchema } from '../schemas/forms';
import { applicantPseudonym, blindFileName, isBlind } from './blind-review';
import { answersForReviewers, sectionsForReviewers } from './form-rules';
import type { FormSection } from '../schemas/forms';

describe('applicantPseudonym', () => {
  it('is "Applicant" and four characters that cannot be misread, the same for the same response', () => {
    const id = '3f1c9a52-7d3e-4d2b-9d7e-0c1f2a3b4c5d';
    expect(applicantPseudonym(id)).toMatch(/^Applicant [0-9A-HJKMNP-TV-Z]{4}$/);
    expect(applicantPseudonym(id)).toBe(applicantPseudonym(id));
  });

  it('tells a cycle of applicants apart (rarely two share one among 300)', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(new Set(ids.map(applicantPseudonym)).size).toBeGreaterThanOrEqual(298);
  });
});

describe('isBlind', () => {
  it('is blind when every stage the person works on is blind', () => {
    const form = { blindReview: { review: true } };
    expect(isBlind(form, ['review'])).toBe(true);
    expect(isBlind(form, ['interview'])).toBe(false);
    // Someone who also interviews the applicant unblinded meets them anyway.
    expect(isBlind(form, ['review', 'interview'])).toBe(false);
    expect(isBlind({ blindReview: { review: true, interview: true } }, ['review', 'interview'])).toBe(true);
  });

  it('is never blind without work or without the switch', () => {
    expect(isBlind({ blindReview: { review: true } }, [])).toBe(false);
    expect(isBlind({}, ['review'])).toBe(false);
  });

  it('takes only the two stages, as booleans', () => {
    expect(blindReviewSchema.safeParse({ review: 'yes' }).success).toBe(false);
    expect(blindReviewSchema.safeParse({ decisions: true }).success).toBe(false);
  });
});

describe('blindFileName', () => {
  it('keeps the question and the extension, never what the applicant named the file', () => {
    expect(blindFileName({ questionId: 'resume', name: 'Ada Lovelace CV.PDF' })).toBe('resume.pdf');
    expect(blindFileName({ questionId: 'portfolio', name: 'ada_lovelace' })).toBe('portfolio');
  });
});

describe('sectionsForReviewers in blind review', () => {
  const sections: FormSection[] = [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [
        { questionId: 'name', questionType: 'short-answer', questionText: 'Your name', identifying: true },
        { questionId: 'year', questionType: 'multiple-choice', questionText: 'Year', options: ['1', '2'] },
      ],
    },
    {
      sectionId: 'contact',
      sectionName: 'Contact',
      questions: [{ questionId: 'email', questionType: 'short-answer', questionText: 'Email', identifying: true }],
    },
  ];
  const answers = [
    {
      sectionId: 'about',
      sectionName: 'About you',
      questions: [
        { questionId: 'name', questionType: 'short-answer' as const, applicationFormId: 'f', response: 'Ada' },
        { questionId: 'year', questionType: 'multiple-choice' as const, applicationFormId: 'f', response: '2' },
      ],
    },
    {
      sectionId: 'contact',
      sectionName: 'Contact',
      questions: [
        { questionId: 'email', questionType: 'short-answer' as const, applicationFormId: 'f', response: 'a@x.org' },
      ],
    },
  ];

  it('leaves out identifying questions and a section left empty by them', () => {
    expect(
      sectionsForReviewers({ sections }, true).map((s) => [s.sectionId, s.questions.map((q) => q.questionId)]),
    ).toEqual([['about', ['year']]]);
    expect(JSON.stringify(answersForReviewers({ sections }, answers, true))).not.toMatch(/Ada|a@x\.org/);
  });

  it('keeps them when not blind', () => {
    expect(sectionsForReviewers({ sections }).flatMap((s) => s.questions.map((q) => q.questionId))).toEqual([
      'name',
      'year',
      'email',
    ]);
    expect(answersForReviewers({ sections }, answers)).toEqual(answers);
  });
});
