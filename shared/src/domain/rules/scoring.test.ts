import { aggregateScore, rubricFor, scoreProblems, type Rubric } from './scoring';

const rubric: Rubric = {
  rubricId: 'engineering',
  roles: ['engineer', 'tech-lead'],
  criteria: [
    { key: 'craft', prompt: 'Craft', min: 0, max: 4, weight: 3 },
    { key: 'team', prompt: 'Team', min: 0, max: 4, weight: 1 },
  ],
};

describe('aggregateScore', () => {
  it('is null before any review is submitted', () => {
    expect(aggregateScore(rubric, [])).toBeNull();
  });

  it('averages each criterion over the reviews, then weights the criteria', () => {
    // craft: (4 + 2) / 2 = 3; team: (0 + 2) / 2 = 1; weighted: (3 * 3 + 1 * 1) / 4 = 2.5
    expect(
      aggregateScore(rubric, [
        { craft: 4, team: 0 },
        { craft: 2, team: 2 },
      ]),
    ).toBe(2.5);
  });

  it('stays on the criteria scale and rounds to two decimals', () => {
    expect(aggregateScore(rubric, [{ craft: 1, team: 2 }])).toBe(1.25);
    expect(
      aggregateScore(rubric, [
        { craft: 1, team: 1 },
        { craft: 2, team: 1 },
        { craft: 2, team: 1 },
      ]),
    ).toBe(1.5);
    expect(
      aggregateScore({ ...rubric, criteria: [rubric.criteria[0]!] }, [{ craft: 1 }, { craft: 1 }, { craft: 2 }]),
    ).toBe(1.33);
  });

  it('leaves out a criterion nobody scored instead of counting it as 0', () => {
    expect(aggregateScore(rubric, [{ craft: 4 }])).toBe(4);
    expect(aggregateScore(rubric, [{}])).toBeNull();
  });
});

describe('scoreProblems', () => {
  it('accepts a partial draft and asks for every score at submit', () => {
    expect(scoreProblems(rubric, { craft: 3 }, false)).toEqual({});
    expect(scoreProblems(rubric, { craft: 3 }, true)).toEqual({ team: 'Give a score' });
  });

  it('refuses scores out of bounds, fractions and keys the rubric does not have', () => {
    expect(scoreProblems(rubric, { craft: 5, team: 1.5, extra: 1 }, false)).toEqual({
      craft: 'Give a whole number from 0 to 4',
      team: 'Give a whole number from 0 to 4',
      extra: 'Not a criterion of this rubric',
    });
  });
});

describe('rubricFor', () => {
  const form = {
    reviewRubrics: [rubric],
    interviewRubrics: [{ ...rubric, rubricId: 'interview', roles: ['bootcamp' as const] }],
  };

  it('finds the rubric of the kind that names the role', () => {
    expect(rubricFor(form, 'review', 'tech-lead')?.rubricId).toBe('engineering');
    expect(rubricFor(form, 'interview', 'bootcamp')?.rubricId).toBe('interview');
  });

  it('is null when no rubric of that kind names the role', () => {
    expect(rubricFor(form, 'review', 'designer')).toBeNull();
    expect(rubricFor(form, 'interview', 'engineer')).toBeNull();
  });
});

describe('aggregateScore with a criterion noted but not weighted', () => {
  const withUnweighted: Rubric = {
    rubricId: 'general',
    roles: ['bootcamp'],
    criteria: [
      { key: 'motivation', prompt: 'Motivation', min: 0, max: 4, weight: 2 },
      { key: 'experience', prompt: 'Experience', min: 0, max: 4, weight: 1 },
      { key: 'noted', prompt: 'Noted but not weighted', min: 0, max: 4, weight: 0 },
    ],
  };

  test('a criterion of weight 0 is left out of the aggregate', () => {
    // (2 × 4 + 1 × 1) / 3 = 3; the 0-weight criterion's 0 changes nothing.
    expect(aggregateScore(withUnweighted, [{ motivation: 4, experience: 1, noted: 0 }])).toBe(3);
    expect(aggregateScore(withUnweighted, [{ motivation: 4, experience: 1, noted: 4 }])).toBe(3);
  });

  test('the mean per criterion over the submitted reviews, then the weighted mean', () => {
    expect(
      aggregateScore(withUnweighted, [
        { motivation: 4, experience: 2 },
        { motivation: 2, experience: 4 },
      ]),
    ).toBe(3);
    expect(aggregateScore(withUnweighted, [])).toBeNull();
  });
});
