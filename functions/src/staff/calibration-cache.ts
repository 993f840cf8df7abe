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
import type {
  ReviewsRepository,
  ReviewsTransaction,
  StoredCalibrationSums,
  TransactionsOf,
} from './reviews.repository';

/** The sums of a record, if they are whole and of the maths now (`CALIBRATION_MODEL`); else null. */
const wholeSums = (stored: StoredCalibrationSums | null): CalibrationSums | null =>
  stored?.model === CALIBRATION_MODEL && stored.sums ? stored.sums : null;

/**
 * The calibration model of each form, from the sums of its submitted reviews' scores kept in one
 * record per form (`calibration-sums`), kept whole by every transaction that adds, changes or
 * removes a submitted review: a submit or reopen (`withSubmittedReview`), an applicant's erasure
 * (their reviews go: staff/user-erasure.ts). A reviewer's deletion keeps their submitted reviews
 * under their id, a conflict of interest or a role change drops open ones only, and a rubric change
 * changes no review (the version below digests the rubrics). So a dashboard page reads this one
 * record and trusts it: no count, no review (docs/performance.md#calibrated-scores-on-firestore).
 *
 * The repair path: a record that is missing, holds no sums (a review submitted before any was
 * learnt) or was stored for other maths (`model`) is learnt again from every submitted review, and
 * stored in a transaction only if no change of the form's submitted reviews committed since it was
 * read (`changes`, bumped by each); else the next read learns again. Deleting a form's record is
 * the way to have it learnt again after a change made around the API.
 */
export function createCalibrationCache(
  reviews: Pick<ReviewsRepository, 'submittedReviews' | 'getCalibrationSums'> &
    TransactionsOf<Pick<ReviewsTransaction, 'getCalibrationSums' | 'setCalibrationSums'>>,
) {
  /** `read`: the record, when the caller read it already (beside the form: see `read`). */
  async function sumsOf(
    form: Pick<ApplicationForm, 'id'>,
    read?: Promise<StoredCalibrationSums | null>,
  ): Promise<CalibrationSums> {
    const stored = await (read ?? reviews.getCalibrationSums(form.id));
    const whole = wholeSums(stored);
    if (whole) return whole;
    const submitted = await reviews.submittedReviews(form.id);
    const sums = reviewSums(
      submitted.map((review) => ({ reviewerId: review.staffId, role: review.role, scores: review.scores })),
    );
    await reviews.transaction(async (tx) => {
      const now = await tx.getCalibrationSums(form.id);
      if ((now?.changes ?? 0) !== (stored?.changes ?? 0) || wholeSums(now)) return;
      tx.setCalibrationSums({
        formId: form.id,
        model: CALIBRATION_MODEL,
        count: submitted.length,
        sums,
        changes: now?.changes ?? 0,
      });
    });
    return sums;
  }

  return {
    /**
     * The form's record, read by id alone: a caller starts it beside the form's own read and hands
     * it to `of` or `current` once the form is known to exist (which may learn sums and store them).
     */
    read(formId: string): Promise<StoredCalibrationSums | null> {
      const read = reviews.getCalibrationSums(formId);
      // Awaited by `of` or `current`; a failure of one never handed on is not left unhandled.
      read.catch(() => undefined);
      return read;
    },

    async of(
      form: Pick<ApplicationForm, 'id' | 'reviewRubrics'>,
      read?: Promise<StoredCalibrationSums | null>,
    ): Promise<FormCalibration> {
      return formCalibrationFromSums(form, await sumsOf(form, read));
    },

    /**
     * The model and its version: a digest of everything a row's calibrated score and disagreement
     * flag depend on besides its own reviews (the review rubrics, the disagreement threshold, the
     * sums and the maths), the same for the same model on any instance.
     */
    async current(
      form: Pick<ApplicationForm, 'id' | 'reviewRubrics' | 'disagreementThreshold'>,
      read?: Promise<StoredCalibrationSums | null>,
    ): Promise<CurrentCalibration> {
      const sums = await sumsOf(form, read);
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
 * The form's sums record with one submitted review added (`sign` 1: a submit) or taken away (-1: a
 * reopen, an erasure of the applicant), written in the transaction that does it. Sums that are not
 * whole stay so (the next read learns them from every review); either way the record's `changes`
 * moves on, so that sums learnt from reviews read before this commit are not stored.
 */
export function withSubmittedReview(
  formId: string,
  stored: StoredCalibrationSums | null,
  review: { staffId: string; role: string; scores: Scores },
  sign: 1 | -1,
): StoredCalibrationSums {
  const changes = (stored?.changes ?? 0) + 1;
  const whole = wholeSums(stored);
  if (!stored || !whole)
    return { formId, model: stored?.model ?? null, count: stored?.count ?? 0, sums: null, changes };
  const sums = withReviewSums(whole, { reviewerId: review.staffId, role: review.role, scores: review.scores }, sign);
  return { ...stored, count: stored.count + sign, sums, changes };
}
