import { aggregateScore, type Rubric } from './staff';

const rubric: Rubric = {
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
  expect(aggregateScore(rubric, [{ motivation: 4, experience: 1, noted: 0 }])).toBe(3);
  expect(aggregateScore(rubric, [{ motivation: 4, experience: 1, noted: 4 }])).toBe(3);
});

test('the mean per criterion over the submitted reviews, then the weighted mean', () => {
  expect(
    aggregateScore(rubric, [
      { motivation: 4, experience: 2 },
      { motivation: 2, experience: 4 },
    ]),
  ).toBe(3);
  expect(aggregateScore(rubric, [])).toBeNull();
});
