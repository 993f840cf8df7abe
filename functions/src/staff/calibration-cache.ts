import {
  formCalibrationFromSums,
  reviewSums,
  withReviewSums,
  type ApplicationForm,
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
  return {
    async of(form: Pick<ApplicationForm, 'id' | 'reviewRubrics'>): Promise<FormCalibration> {
      const [stored, count] = await Promise.all([
        reviews.getCalibrationSums(form.id),
        reviews.countSubmittedReviews(form.id),
      ]);
      if (stored && stored.count === count) return formCalibrationFromSums(form, stored.sums);
      const submitted = await reviews.submittedReviews(form.id);
      const sums = reviewSums(
        submitted.map((review) => ({ reviewerId: review.staffId, role: review.role, scores: review.scores })),
      );
      await reviews.setCalibrationSums({ formId: form.id, count: submitted.length, sums });
      return formCalibrationFromSums(form, sums);
    },
  };
}

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
