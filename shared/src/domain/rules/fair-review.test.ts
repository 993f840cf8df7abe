import type { ApplicationForm } from '../schemas/forms';
import type { AssignmentRef } from './application-row';
import { fairReviewFields, formCalibration, type SubmittedReview } from './fair-review';

/**
 * The disagreement flag compares calibrated scores (docs/product.md#calibrated-scores-and-disagreement):
 * Lee scores every application two points above Harper, so on each of a–f their raw scores are 2
 * apart and their calibrated ones close; on g each scores 2, Lee's lowest and Harper's highest.
 */
const form: Pick<ApplicationForm, 'reviewRubrics' | 'interviewRubrics' | 'disagreementThreshold'> = {
  reviewRubrics: [
    {
      rubricId: 'r',
      roles: ['engineer'],
      criteria: [
        { key: 'skill', prompt: 'Skill', min: 0, max: 4, weight: 1 },
        { key: 'fit', prompt: 'Fit', min: 0, max: 4, weight: 1 },
      ],
    },
  ],
  interviewRubrics: [],
  disagreementThreshold: 1.25,
};

const LEVELS: Record<string, [number, number]> = {
  a: [2, 0],
  b: [3, 1],
  c: [4, 2],
  d: [2, 0],
  e: [3, 1],
  f: [4, 2],
  g: [2, 2],
};

const ref = (staffId: string, value: number): AssignmentRef => ({
  assessmentId: `${staffId}-${value}`,
  staffId,
  staffName: staffId,
  state: 'submitted',
  scores: { skill: value, fit: value },
});
const rowOf = (id: string) => ({
  role: 'engineer' as const,
  reviews: [ref('lee', LEVELS[id]![0]), ref('harper', LEVELS[id]![1])],
});
const submitted: SubmittedReview[] = Object.keys(LEVELS).flatMap((id) =>
  rowOf(id).reviews.map((each) => ({ reviewerId: each.staffId, role: 'engineer' as const, scores: each.scores! })),
);

describe('the disagreement flag', () => {
  const calibration = formCalibration(form, submitted);

  it('does not flag a lenient and a harsh reviewer who judge an application alike, whatever their raw gap', () => {
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const fields = fairReviewFields(form, calibration, rowOf(id));
      expect(fields.reviewSpread).toBe(2);
      expect(fields.calibratedSpread).toBeLessThan(1.25);
      expect(fields.disagreement).toBe(false);
    }
  });

  it('flags reviews at odds once each reviewer’s habit is taken out, though their raw scores agree', () => {
    const fields = fairReviewFields(form, calibration, rowOf('g'));
    expect(fields.reviewSpread).toBe(0);
    expect(fields.calibratedSpread).toBeGreaterThan(1.25);
    expect(fields.disagreement).toBe(true);
  });

  it('flags nothing without a threshold, nor a row with one review', () => {
    const { disagreementThreshold: _threshold, ...without } = form;
    expect(fairReviewFields(without, calibration, rowOf('g')).disagreement).toBe(false);
    const single = { ...rowOf('g'), reviews: rowOf('g').reviews.slice(0, 1) };
    expect(fairReviewFields(form, calibration, single)).toMatchObject({ calibratedSpread: 0, disagreement: false });
  });
});
