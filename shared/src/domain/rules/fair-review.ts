import { beyondThreshold, reviewSpreadOf, type ApplicationRow, type ApplicationRowView } from './application-row';
import {
  calibratedAggregate,
  calibratedSpread,
  calibrationModelFromSums,
  reviewSums,
  type CalibrationModel,
  type CalibrationSums,
  type ScoredReview,
} from './calibration';
import type { TeamRole } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';
import { rubricFor } from './scoring';

/**
 * Calibrated review scores and disagreement on the dashboards' rows
 * (docs/product.md#calibrated-scores-and-disagreement). The calibration
 * model is learnt per review rubric from every submitted review of the form.
 */

/** A submitted review as the calibration reads it: who scored which role how. */
export type SubmittedReview = ScoredReview & { role: TeamRole };

/** One calibration model per review rubric of the form (by rubric id). */
export type FormCalibration = Map<string, CalibrationModel>;

export function formCalibration(
  form: Pick<ApplicationForm, 'reviewRubrics'>,
  submitted: readonly SubmittedReview[],
): FormCalibration {
  return formCalibrationFromSums(form, reviewSums(submitted));
}

/** The form's models from its sums (`withReviewSums`): each rubric learns from the roles it scores. */
export function formCalibrationFromSums(
  form: Pick<ApplicationForm, 'reviewRubrics'>,
  sums: CalibrationSums,
): FormCalibration {
  return new Map(
    form.reviewRubrics.map((rubric) => [rubric.rubricId, calibrationModelFromSums(rubric, sums, rubric.roles)]),
  );
}

/** What the dashboards' rows carry beside the stored row. */
export type FairReviewFields = {
  /** The review score with each reviewer's leniency and spread removed (`CALIBRATION_EXPLANATION`). */
  calibratedReviewScore: number | null;
  /** Highest minus lowest of the submitted reviews' scores (0 with fewer than two). */
  reviewSpread: number;
  /** Highest minus lowest of the submitted reviews' calibrated scores (0 with fewer than two). */
  calibratedSpread: number;
  /** The calibrated spread is beyond the form's `disagreementThreshold` (`calibratedSpread`). */
  disagreement: boolean;
};

/** A dashboard row: the row's view with its calibrated score and disagreement. */
export type DashboardRowView = ApplicationRowView &
  FairReviewFields & {
    /** On the Qualified tab: the interview slot the applicant booked, if any. */
    interviewBooking?: RowInterviewBooking;
  };

/** The slot an applicant booked, as the Qualified tab shows it. */
export interface RowInterviewBooking {
  slotId: string;
  startsAt: string;
  minutes: number;
  interviewerNames: string[];
}

/** The row's submitted reviews, as the calibration reads them. */
export const submittedReviewsOf = (row: Pick<ApplicationRow, 'reviews' | 'role'>): SubmittedReview[] =>
  row.reviews
    .filter((ref) => ref.state === 'submitted' && ref.scores)
    .map((ref) => ({ reviewerId: ref.staffId, role: row.role, scores: ref.scores! }));

export function fairReviewFields(
  form: Pick<ApplicationForm, 'reviewRubrics' | 'interviewRubrics' | 'disagreementThreshold'>,
  calibration: FormCalibration,
  row: Pick<ApplicationRow, 'reviews' | 'role'>,
): FairReviewFields {
  const rubric = rubricFor(form, 'review', row.role);
  const model = rubric ? calibration.get(rubric.rubricId) : undefined;
  const submitted = submittedReviewsOf(row);
  if (!rubric || !model) {
    return { calibratedReviewScore: null, reviewSpread: 0, calibratedSpread: 0, disagreement: false };
  }
  const spread = calibratedSpread(rubric, model, submitted);
  return {
    calibratedReviewScore: calibratedAggregate(rubric, model, submitted),
    reviewSpread: reviewSpreadOf(form, row),
    calibratedSpread: spread,
    disagreement: beyondThreshold(spread, form.disagreementThreshold),
  };
}

/** POST /admin/rows/{responseId}/{role}/add-reviewer: who auto-assign gave the row's further review to. */
export interface AddedReviewer {
  assessmentId: string;
  staffId: string;
  staffName: string;
}
