import { formCalibration, type ApplicationForm, type FormCalibration } from '@portal/shared/domain';
import type { ReviewsRepository } from './reviews.repository';

/**
 * The calibration model of each form, learnt from its submitted reviews (one read of them), kept
 * until a review of the form is submitted or reopened. In this process the submit and reopen drop
 * it (`invalidate`); another instance's submit changes the count of submitted reviews, which every
 * use checks with one count query, so the dashboards never read every review per page request.
 */
export function createCalibrationCache(reviews: Pick<ReviewsRepository, 'submittedReviews' | 'countSubmittedReviews'>) {
  const cached = new Map<string, { count: number; model: FormCalibration }>();
  return {
    async of(form: Pick<ApplicationForm, 'id' | 'reviewRubrics'>): Promise<FormCalibration> {
      const count = await reviews.countSubmittedReviews(form.id);
      const hit = cached.get(form.id);
      if (hit && hit.count === count) return hit.model;
      const submitted = await reviews.submittedReviews(form.id);
      const model = formCalibration(
        form,
        submitted.map((review) => ({ reviewerId: review.staffId, role: review.role, scores: review.scores })),
      );
      cached.set(form.id, { count: submitted.length, model });
      return model;
    },
    invalidate(formId: string): void {
      cached.delete(formId);
    },
  };
}

export type CalibrationCache = ReturnType<typeof createCalibrationCache>;
