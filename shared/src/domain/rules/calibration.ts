import { aggregateScore, type Rubric, type Scores } from './scoring';

/**
 * Calibrated scores (docs/product.md#calibrated-scores-and-disagreement): each reviewer's own
 * leniency (their mean) and spread (their standard deviation) are removed per criterion, and the
 * score is mapped back onto the rubric's scale with the mean and spread of every reviewer's scores
 * on that criterion.
 *
 * A reviewer with few reviews says little about their own habits, so their mean and variance are
 * shrunk toward everyone's: each counts as `CALIBRATION_PRIOR_REVIEWS` reviews scored exactly
 * like the whole panel (empirical-Bayes style). With one reviewer, or reviewers who all score
 * alike, the calibrated score equals the raw one; with many reviews it is a plain standardization.
 */
export const CALIBRATION_PRIOR_REVIEWS = 3;

/** The one sentence the dashboards and docs/product.md show. */
export const CALIBRATION_EXPLANATION =
  "Calibrated scores remove each reviewer's own leniency and spread: every score is compared with that reviewer's other scores of the form on the same criterion (trusted more as they submit more reviews) and mapped back onto the rubric's scale.";

export interface ScoredReview {
  reviewerId: string;
  scores: Scores;
}

interface Moments {
  count: number;
  mean: number;
  /** Population variance. */
  variance: number;
}

function moments(values: number[]): Moments {
  const count = values.length;
  if (count === 0) return { count: 0, mean: 0, variance: 0 };
  const mean = values.reduce((sum, value) => sum + value, 0) / count;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / count;
  return { count, mean, variance };
}

export interface CalibrationModel {
  /** Per criterion key: everyone's moments, and each reviewer's shrunk mean and variance. */
  criteria: Map<
    string,
    { panel: Moments; reviewers: Map<string, { mean: number; variance: number }>; min: number; max: number }
  >;
}

/** Learns, from the submitted reviews of one rubric, each reviewer's habits per criterion. */
export function calibrationModel(
  rubric: Pick<Rubric, 'criteria'>,
  reviews: readonly ScoredReview[],
  prior: number = CALIBRATION_PRIOR_REVIEWS,
): CalibrationModel {
  const criteria: CalibrationModel['criteria'] = new Map();
  for (const criterion of rubric.criteria) {
    const scored = reviews.filter((review) => typeof review.scores[criterion.key] === 'number');
    const panel = moments(scored.map((review) => review.scores[criterion.key]!));
    const byReviewer = new Map<string, number[]>();
    for (const review of scored) {
      const values = byReviewer.get(review.reviewerId) ?? [];
      values.push(review.scores[criterion.key]!);
      byReviewer.set(review.reviewerId, values);
    }
    const reviewers = new Map<string, { mean: number; variance: number }>();
    for (const [reviewerId, values] of byReviewer) {
      const own = moments(values);
      reviewers.set(reviewerId, {
        mean: (own.count * own.mean + prior * panel.mean) / (own.count + prior),
        variance: (own.count * own.variance + prior * panel.variance) / (own.count + prior),
      });
    }
    criteria.set(criterion.key, { panel, reviewers, min: criterion.min, max: criterion.max });
  }
  return { criteria };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** One review's scores, calibrated per criterion (criteria the model has not seen stay raw). */
export function calibrateScores(model: CalibrationModel, review: ScoredReview): Scores {
  const calibrated: Scores = {};
  for (const [key, raw] of Object.entries(review.scores)) {
    const criterion = model.criteria.get(key);
    const habits = criterion?.reviewers.get(review.reviewerId);
    if (!criterion || !habits || criterion.panel.variance === 0 || habits.variance === 0) {
      calibrated[key] = raw;
      continue;
    }
    const standardized = (raw - habits.mean) / Math.sqrt(habits.variance);
    const mapped = criterion.panel.mean + standardized * Math.sqrt(criterion.panel.variance);
    calibrated[key] = round2(Math.min(criterion.max, Math.max(criterion.min, mapped)));
  }
  return calibrated;
}

/** An application's calibrated score for a role: `aggregateScore` of its calibrated reviews. */
export function calibratedAggregate(
  rubric: Rubric,
  model: CalibrationModel,
  submitted: readonly ScoredReview[],
): number | null {
  return aggregateScore(
    rubric,
    submitted.map((review) => calibrateScores(model, review)),
  );
}

/**
 * How far an application's reviewers disagree: the highest minus the lowest of their reviews'
 * aggregate scores (0 with fewer than two reviews).
 */
export function scoreSpread(rubric: Rubric, submitted: readonly Scores[]): number {
  const totals = submitted.map((scores) => aggregateScore(rubric, [scores])).filter((total) => total !== null);
  return totals.length < 2 ? 0 : round2(Math.max(...totals) - Math.min(...totals));
}
