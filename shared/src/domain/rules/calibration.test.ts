import {
  calibratedAggregate,
  calibrateScores,
  calibrationModel,
  calibrationModelFromSums,
  reviewSums,
  scoreSpread,
  withReviewSums,
  type ScoredReview,
} from './calibration';
import type { Rubric } from './scoring';

const rubric: Rubric = {
  rubricId: 'r',
  roles: ['engineer'],
  criteria: [
    { key: 'skill', prompt: 'Skill', min: 0, max: 4, weight: 1 },
    { key: 'fit', prompt: 'Fit', min: 0, max: 4, weight: 1 },
  ],
};

const review = (reviewerId: string, skill: number, fit = 2): ScoredReview => ({
  reviewerId,
  scores: { skill, fit },
});

describe('calibration', () => {
  it('leaves every score as it is when one reviewer scored everything', () => {
    const reviews = [review('a', 1), review('a', 2), review('a', 3)];
    const model = calibrationModel(rubric, reviews);
    expect(reviews.map((one) => calibrateScores(model, one).skill)).toEqual([1, 2, 3]);
  });

  it('moves a lone review only part of the way (hand-computed)', () => {
    // Panel 1,2,3,4: mean 2.5, variance 1.25. Reviewer b's one review of 4 counts against three
    // panel-like reviews: mean (4 + 3 × 2.5) / 4 = 2.875, variance (0 + 3 × 1.25) / 4 = 0.9375,
    // so 4 becomes 2.5 + (4 − 2.875) / √0.9375 × √1.25 = 3.799… → 3.8.
    const reviews = [review('a', 1), review('a', 2), review('a', 3), review('b', 4)];
    const model = calibrationModel(rubric, reviews);
    expect(calibrateScores(model, review('b', 4)).skill).toBe(3.8);
    // Reviewer a (mean 2.25, variance 0.9583 after shrinking) is pulled slightly apart.
    expect(reviews.slice(0, 3).map((one) => calibrateScores(model, one).skill)).toEqual([1.07, 2.21, 3.36]);
  });

  it('gives a lenient and a harsh reviewer the same calibrated score for the same judgement', () => {
    const harsh = [review('harsh', 1), review('harsh', 2), review('harsh', 3)];
    const lenient = [review('lenient', 2), review('lenient', 3), review('lenient', 4)];
    const model = calibrationModel(rubric, [...harsh, ...lenient], 0);
    harsh.forEach((one, index) => {
      expect(calibrateScores(model, one).skill).toBe(calibrateScores(model, lenient[index]!).skill);
    });
    // Without shrinking it is a plain standardization: 2.5 + (1 − 2) / √(2/3) × √(5.5/6) = 1.33.
    expect(calibrateScores(model, harsh[0]!).skill).toBe(1.33);
  });

  it('keeps all-equal scores and a criterion without variance raw', () => {
    const reviews = [review('a', 3, 2), review('b', 3, 2), review('c', 3, 2)];
    const model = calibrationModel(rubric, reviews);
    expect(reviews.map((one) => calibrateScores(model, one))).toEqual(reviews.map((one) => one.scores));
    const varied = [review('a', 1, 2), review('b', 4, 2)];
    const other = calibrationModel(rubric, varied);
    expect(calibrateScores(other, varied[0]!).fit).toBe(2);
  });

  it('keeps calibrated scores on the rubric scale', () => {
    const reviews = [review('a', 0), review('a', 0), review('a', 0), review('a', 1), review('b', 4), review('b', 3)];
    const model = calibrationModel(rubric, reviews, 0);
    for (const one of reviews) {
      const skill = calibrateScores(model, one).skill!;
      expect(skill).toBeGreaterThanOrEqual(0);
      expect(skill).toBeLessThanOrEqual(4);
    }
  });

  it('aggregates calibrated reviews with the rubric weights', () => {
    const reviews = [review('a', 1, 1), review('a', 3, 3)];
    const model = calibrationModel(rubric, reviews);
    expect(calibratedAggregate(rubric, model, reviews)).toBe(2);
    expect(calibratedAggregate(rubric, model, [])).toBeNull();
  });
});

describe('calibration sums', () => {
  const scored = (reviewerId: string, skill: number, fit: number, role = 'engineer') => ({
    reviewerId,
    role,
    scores: { skill, fit },
  });
  const reviews = [
    scored('a', 0, 1),
    scored('a', 1, 2),
    scored('b', 4, 3),
    scored('b', 3, 4),
    scored('c', 2, 2),
    scored('c', 4, 0, 'designer'),
  ];

  it('kept one review at a time (submits and reopens) give the model learnt from the reviews left', () => {
    const reopened = reviews[2]!;
    let sums = {};
    for (const one of reviews) sums = withReviewSums(sums, one, 1);
    sums = withReviewSums(sums, reopened, -1);
    const left = reviews.filter((one) => one !== reopened && one.role === 'engineer');
    const kept = calibrationModelFromSums(rubric, sums, ['engineer']);
    const learnt = calibrationModel(rubric, left);
    for (const one of left) expect(calibrateScores(kept, one)).toEqual(calibrateScores(learnt, one));
    expect(kept).toEqual(learnt);
  });

  it('drops a reviewer whose last review is reopened, and leaves the sums it was given unchanged', () => {
    const once = reviewSums([reviews[4]!]);
    const before = JSON.stringify(once);
    expect(withReviewSums(once, reviews[4]!, -1)).toEqual({ engineer: { skill: {}, fit: {} } });
    expect(JSON.stringify(once)).toBe(before);
  });

  it('learns each rubric from the roles it scores only', () => {
    const sums = reviewSums(reviews);
    const designers = calibrationModelFromSums(rubric, sums, ['designer']);
    expect(designers.criteria.get('skill')!.panel).toEqual({ count: 1, mean: 4, variance: 0 });
    expect(calibrationModelFromSums(rubric, sums).criteria.get('skill')!.panel.count).toBe(6);
  });

  it('has no variance left over when every score is alike', () => {
    const alike = reviewSums([scored('a', 3, 3), scored('a', 3, 3), scored('a', 3, 3)]);
    expect(calibrationModelFromSums(rubric, alike).criteria.get('skill')!.panel.variance).toBe(0);
  });
});

describe('scoreSpread', () => {
  it('is the gap between the highest and lowest review total, 0 below two reviews', () => {
    expect(
      scoreSpread(rubric, [
        { skill: 4, fit: 4 },
        { skill: 1, fit: 2 },
        { skill: 3, fit: 3 },
      ]),
    ).toBe(2.5);
    expect(scoreSpread(rubric, [{ skill: 4, fit: 4 }])).toBe(0);
  });
});
