import { createHash } from 'node:crypto';
import {
  CALIBRATION_MODEL,
  formCalibrationFromSums,
  reviewSums,
  withReviewSums,
  type ApplicationForm,
  type CalibrationSums,
  type FormCalibration,
  type Scores,
} from '@portal/shared/domain';
import type { ReviewsRepository, StoredCalibrationSums } from './reviews.repository';

/**
 * The calibration model of each form, from the sums of its submitted reviews' scores kept in one
 * record per form (`calibration-sums`): the transaction that submits or reopens a review updates
 * them (`withSubmittedReview`), so a dashboard page reads one record, not every review
 * (docs/performance.md#calibrated-scores-on-firestore).
 *
 * Each use also counts the form's submitted reviews (one count query). Sums that hold another
 * count are not whole: none were stored yet, or something else removed a submitted review (a
 * deleted reviewer's reviews go with their account). They are then learnt again from every
 * submitted review and stored, once.
 */
export function createCalibrationCache(
  reviews: Pick<
    ReviewsRepository,
    'submittedReviews' | 'countSubmittedReviews' | 'getCalibrationSums' | 'setCalibrationSums'
  >,
) {
  async function sumsOf(form: Pick<ApplicationForm, 'id'>): Promise<CalibrationSums> {
    const [stored, count] = await Promise.all([
      reviews.getCalibrationSums(form.id),
      reviews.countSubmittedReviews(form.id),
    ]);
    if (stored && stored.count === count) return stored.sums;
    const submitted = await reviews.submittedReviews(form.id);
    const sums = reviewSums(
      submitted.map((review) => ({ reviewerId: review.staffId, role: review.role, scores: review.scores })),
    );
    await reviews.setCalibrationSums({ formId: form.id, count: submitted.length, sums });
    return sums;
  }

  return {
    async of(form: Pick<ApplicationForm, 'id' | 'reviewRubrics'>): Promise<FormCalibration> {
      return formCalibrationFromSums(form, await sumsOf(form));
    },

    /**
     * The model and its version: a digest of everything a row's calibrated score and disagreement
     * flag depend on besides its own reviews (the review rubrics, the disagreement threshold, the
     * sums and the maths), the same for the same model on any instance.
     */
    async current(
      form: Pick<ApplicationForm, 'id' | 'reviewRubrics' | 'disagreementThreshold'>,
    ): Promise<CurrentCalibration> {
      const sums = await sumsOf(form);
      return { model: formCalibrationFromSums(form, sums), version: calibrationVersion(form, sums) };
    },
  };
}

export interface CurrentCalibration {
  model: FormCalibration;
  version: string;
}

/** JSON with every object's keys in order: equal for equal values, however they were built. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The version of a form's calibration: its review rubrics, disagreement threshold and sums, and the
 * calibration maths (`CALIBRATION_MODEL`), digested.
 */
export const calibrationVersion = (
  form: Pick<ApplicationForm, 'reviewRubrics' | 'disagreementThreshold'>,
  sums: CalibrationSums,
): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        model: CALIBRATION_MODEL,
        rubrics: form.reviewRubrics,
        threshold: form.disagreementThreshold ?? null,
        sums,
      }),
    )
    .digest('base64url');

export type CalibrationCache = ReturnType<typeof createCalibrationCache>;

/**
 * The stored sums with one review submitted (`sign` 1) or reopened (-1), in the transaction that
 * does it; null when none are stored (the next read learns them from every review).
 */
export function withSubmittedReview(
  stored: StoredCalibrationSums | null,
  review: { staffId: string; role: string; scores: Scores },
  sign: 1 | -1,
): StoredCalibrationSums | null {
  if (!stored) return null;
  const sums = withReviewSums(
    stored.sums,
    { reviewerId: review.staffId, role: review.role, scores: review.scores },
    sign,
  );
  return { ...stored, count: stored.count + sign, sums };
}
