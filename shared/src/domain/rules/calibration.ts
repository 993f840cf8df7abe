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

/**
 * Which calibration maths the stored calibrated keys and disagreement flags were computed with:
 * changed with the maths, so that every form's rows are scored again (it is part of the
 * calibration's version, staff/calibration-cache.ts).
 */
export const CALIBRATION_MODEL = 'standardized-2';

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

/**
 * What the calibration learns from one reviewer's scores on one criterion: their count, sum and sum
 * of squares. Sums add and subtract as reviews are submitted and reopened, so a form's model is kept
 * in one small record instead of being learnt again from every review (docs/performance.md).
 */
export interface ScoreSums {
  n: number;
  sum: number;
  sumSq: number;
}

/** A form's sums: by role, then criterion key, then reviewer id. */
export type CalibrationSums = Record<string, Record<string, Record<string, ScoreSums>>>;

const NO_SUMS: ScoreSums = { n: 0, sum: 0, sumSq: 0 };

const plus = (a: ScoreSums, b: ScoreSums, sign: 1 | -1 = 1): ScoreSums => ({
  n: a.n + sign * b.n,
  sum: a.sum + sign * b.sum,
  sumSq: a.sumSq + sign * b.sumSq,
});

/**
 * The sums with one review's scores added (`sign` 1, a submit) or taken away (-1, a reopen); the
 * argument is not changed. A reviewer left with no scores on a criterion is dropped.
 */
export function withReviewSums(
  sums: CalibrationSums,
  review: ScoredReview & { role: string },
  sign: 1 | -1,
): CalibrationSums {
  const next: CalibrationSums = { ...sums, [review.role]: { ...sums[review.role] } };
  const byCriterion = next[review.role]!;
  for (const [key, value] of Object.entries(review.scores)) {
    if (typeof value !== 'number') continue;
    const byReviewer = { ...byCriterion[key] };
    const total = plus(byReviewer[review.reviewerId] ?? NO_SUMS, { n: 1, sum: value, sumSq: value * value }, sign);
    if (total.n > 0) byReviewer[review.reviewerId] = total;
    else delete byReviewer[review.reviewerId];
    byCriterion[key] = byReviewer;
  }
  return next;
}

/** The sums of submitted reviews, learnt from scratch. */
export const reviewSums = (reviews: readonly (ScoredReview & { role: string })[]): CalibrationSums =>
  reviews.reduce<CalibrationSums>((sums, review) => withReviewSums(sums, review, 1), {});

/**
 * Count, mean and population variance from sums. The variance is (n·Σx² − (Σx)²) / n², which is
 * exactly 0 for equal integer scores (no rounding residue to divide by), and never below 0.
 */
function momentsOf({ n, sum, sumSq }: ScoreSums): Moments {
  if (n <= 0) return { count: 0, mean: 0, variance: 0 };
  return { count: n, mean: sum / n, variance: Math.max(0, (n * sumSq - sum * sum) / (n * n)) };
}

export interface CalibrationModel {
  /** Per criterion key: everyone's moments, and each reviewer's shrunk mean and variance. */
  criteria: Map<
    string,
    { panel: Moments; reviewers: Map<string, { mean: number; variance: number }>; min: number; max: number }
  >;
}

/**
 * Each reviewer's habits per criterion of a rubric, from the sums of the roles the rubric scores
 * (`roles`; every role of `sums` when omitted).
 */
export function calibrationModelFromSums(
  rubric: Pick<Rubric, 'criteria'>,
  sums: CalibrationSums,
  roles: readonly string[] = Object.keys(sums),
  prior: number = CALIBRATION_PRIOR_REVIEWS,
): CalibrationModel {
  const criteria: CalibrationModel['criteria'] = new Map();
  for (const criterion of rubric.criteria) {
    const byReviewer = new Map<string, ScoreSums>();
    for (const role of roles) {
      for (const [reviewerId, own] of Object.entries(sums[role]?.[criterion.key] ?? {})) {
        byReviewer.set(reviewerId, plus(byReviewer.get(reviewerId) ?? NO_SUMS, own));
      }
    }
    const panel = momentsOf([...byReviewer.values()].reduce((total, own) => plus(total, own), NO_SUMS));
    const reviewers = new Map<string, { mean: number; variance: number }>();
    for (const [reviewerId, totals] of byReviewer) {
      const own = momentsOf(totals);
      reviewers.set(reviewerId, {
        mean: (own.count * own.mean + prior * panel.mean) / (own.count + prior),
        variance: (own.count * own.variance + prior * panel.variance) / (own.count + prior),
      });
    }
    criteria.set(criterion.key, { panel, reviewers, min: criterion.min, max: criterion.max });
  }
  return { criteria };
}

/** Learns, from the submitted reviews of one rubric, each reviewer's habits per criterion. */
export function calibrationModel(
  rubric: Pick<Rubric, 'criteria'>,
  reviews: readonly ScoredReview[],
  prior: number = CALIBRATION_PRIOR_REVIEWS,
): CalibrationModel {
  return calibrationModelFromSums(rubric, reviewSums(reviews.map((review) => ({ ...review, role: '' }))), [''], prior);
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
 * How far an application's reviewers disagree once each one's habits are taken out: the spread
 * (`scoreSpread`) of its reviews' calibrated scores. What the disagreement flag compares with the
 * form's threshold (docs/product.md#calibrated-scores-and-disagreement): a lenient and a harsh
 * reviewer who judge an application alike are not apart, a review at odds with the others is.
 */
export function calibratedSpread(rubric: Rubric, model: CalibrationModel, submitted: readonly ScoredReview[]): number {
  return scoreSpread(
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
