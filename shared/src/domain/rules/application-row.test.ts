import {
  applicationRowId,
  calibratedKeys,
  denialHolds,
  newApplicationRow,
  responseForApplicant,
  rowWithAssignments,
  rowWithDecision,
  statusFromRows,
  toRowView,
  withFilterKeys,
  withOnlyOwnScores,
  type ApplicationRow,
  type AssignmentRef,
} from './application-row';
import type { ApplicationResponse } from '../schemas/responses';
import type { Rubric } from './scoring';
import type { RowScoring } from './application-row';

const RESPONSE_ID = '0b6f1a52-7a0e-4a43-9c4e-2f1f0d1b2c3d';
const rubric: Rubric = {
  rubricId: 'all',
  roles: ['engineer'],
  criteria: [{ key: 'craft', prompt: 'Craft', min: 0, max: 4, weight: 1 }],
};
const scoring: RowScoring = { reviewRubrics: [rubric], interviewRubrics: [rubric] };
const noRubrics: RowScoring = { reviewRubrics: [], interviewRubrics: [] };

const row = (): ApplicationRow =>
  newApplicationRow({
    responseId: RESPONSE_ID,
    applicationFormId: 'spring',
    role: 'engineer',
    applicant: { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com' },
    submittedAt: '2026-03-01T10:00:00.000Z',
  });

const ref = (staffId: string, state: AssignmentRef['state'], scores?: AssignmentRef['scores']): AssignmentRef => ({
  assessmentId: `a-${staffId}`,
  staffId,
  staffName: staffId,
  state,
  ...(scores ? { scores } : {}),
});

describe('the application row', () => {
  it('has one id per response and role', () => {
    expect(applicationRowId(RESPONSE_ID, 'engineer')).toBe(`${RESPONSE_ID}__engineer`);
    expect(row().id).toBe(applicationRowId(RESPONSE_ID, 'engineer'));
  });

  it('starts not reviewed, unqualified, with the search and sort keys of the applicant', () => {
    const created = row();
    expect(created).toMatchObject({
      decision: 'not-reviewed',
      final: false,
      qualified: false,
      applicantName: 'Ada Lovelace',
      applicantEmail: 'Ada@Example.com',
      sortName: 'ada lovelace',
      reviewsAssigned: 0,
      reviewScore: null,
    });
    expect(created.searchTokens).toEqual(expect.arrayContaining(['a', 'ada', 'ada l', 'lovel', 'ada@ex']));
  });

  it('moves the work decision with its reviews: under review, reviewed, then interview', () => {
    const assigned = rowWithAssignments(row(), 'review', [ref('r1', 'not-started'), ref('r2', 'draft')], scoring);
    expect(assigned).toMatchObject({ decision: 'under-review', reviewsAssigned: 2, reviewsDone: 0, reviewScore: null });

    const reviewed = rowWithAssignments(
      assigned,
      'review',
      [ref('r1', 'submitted', { craft: 4 }), ref('r2', 'submitted', { craft: 1 })],
      scoring,
    );
    expect(reviewed).toMatchObject({ decision: 'reviewed', reviewsDone: 2, reviewScore: 2.5 });

    const interviewing = rowWithAssignments(reviewed, 'interview', [ref('i1', 'not-started')], scoring);
    expect(interviewing).toMatchObject({ decision: 'interview', interviewsAssigned: 1, reviewScore: 2.5 });
  });

  it('counts only submitted reviews in the score, and has no score without a rubric', () => {
    const refs = [ref('r1', 'submitted', { craft: 4 }), ref('r2', 'draft')];
    expect(rowWithAssignments(row(), 'review', refs, scoring)).toMatchObject({ reviewsDone: 1, reviewScore: 4 });
    expect(rowWithAssignments(row(), 'review', refs, noRubrics).reviewScore).toBeNull();
  });

  it('goes back to not reviewed when its last assignment is removed', () => {
    const assigned = rowWithAssignments(row(), 'review', [ref('r1', 'draft')], scoring);
    expect(rowWithAssignments(assigned, 'review', [], scoring).decision).toBe('not-reviewed');
  });

  it('keeps a final decision whatever the work does afterwards', () => {
    const accepted = rowWithDecision(row(), 'accepted');
    expect(accepted).toMatchObject({ decision: 'accepted', final: true });
    expect(rowWithAssignments(accepted, 'review', [ref('r1', 'draft')], scoring).decision).toBe('accepted');
  });

  it('leaves its disagreement flag to the calibration as its reviews change, clearing it below two submitted reviews', () => {
    // The flag compares calibrated scores, which every review of the form moves: the rows are flagged
    // when they are scored under the form's calibration (calibrated-order.ts), not from their own reviews.
    const apart = [ref('r1', 'submitted', { craft: 4 }), ref('r2', 'submitted', { craft: 1 })];
    const strict = { ...scoring, disagreementThreshold: 2.5 };
    expect(rowWithAssignments(row(), 'review', apart, strict).disagreementFlag).toBe(false);
    const flagged = { ...row(), disagreementFlag: true };
    expect(
      rowWithAssignments(flagged, 'review', [...apart, ref('r3', 'submitted', { craft: 2 })], strict),
    ).toMatchObject({ disagreementFlag: true });
    // An interview's change leaves it as it was; a reopened review leaving one submitted clears it.
    const interview = rowWithAssignments(flagged, 'interview', [ref('i1', 'draft')], scoring);
    expect(interview.disagreementFlag).toBe(true);
    const reopened = rowWithAssignments(flagged, 'review', [apart[0]!, ref('r2', 'draft')], strict);
    expect(reopened.disagreementFlag).toBe(false);
  });

  it('is sent without its search and sort keys', () => {
    const view = toRowView({ ...row(), disagreementFlag: true });
    expect(view).not.toHaveProperty('searchTokens');
    expect(view).not.toHaveProperty('sortName');
    expect(view).not.toHaveProperty('disagreementFlag');
    expect(view.applicantName).toBe('Ada Lovelace');
  });

  it('shows a reviewer only their own scores among the assignments', () => {
    const scored = rowWithAssignments(
      row(),
      'review',
      [ref('me', 'submitted', { craft: 3 }), ref('other', 'submitted', { craft: 1 })],
      scoring,
    );
    const seen = withOnlyOwnScores(toRowView(scored), 'me');
    expect(seen.reviews).toEqual([ref('me', 'submitted', { craft: 3 }), ref('other', 'submitted')]);
  });
});

describe('the keys a row is stored with (withFilterKeys)', () => {
  const decided = (decision: 'accepted' | 'denied' | 'waitlist', offer?: ApplicationRow['offer']) => ({
    ...rowWithDecision(row(), decision),
    ...(offer ? { offer } : {}),
  });

  it('gives each row the one stage its decision and offer filters query', () => {
    expect(withFilterKeys(row())).toMatchObject({ decisionStage: 'undecided', offerPending: false });
    expect(withFilterKeys(decided('denied')).decisionStage).toBe('denied');
    expect(withFilterKeys(decided('waitlist')).decisionStage).toBe('waitlist');
    expect(withFilterKeys(decided('accepted'))).toMatchObject({ decisionStage: 'offer-pending', offerPending: true });
    for (const offer of ['accepted', 'declined', 'expired'] as const) {
      expect(withFilterKeys(decided('accepted', offer))).toMatchObject({
        decisionStage: `offer-${offer}`,
        offerPending: false,
      });
    }
  });

  it('gives a row without calibrated keys those of no score, and keeps a row its own', () => {
    expect(withFilterKeys(row())).toMatchObject({
      calibratedOrder: null,
      calibratedOrderDesc: Number.MAX_SAFE_INTEGER,
    });
    expect(withFilterKeys({ ...row(), ...calibratedKeys(2.5) })).toMatchObject({
      calibratedOrder: 2.5,
      calibratedOrderDesc: -2.5,
    });
  });

  it('orders the calibrated keys ascending either way: a higher score first descending, no score last', () => {
    const scores = [null, 1, 3.5, 2];
    const keys = scores.map((score) => calibratedKeys(score));
    const ascending = [...keys].sort((a, b) => (a.calibratedOrder ?? -Infinity) - (b.calibratedOrder ?? -Infinity));
    const descending = [...keys].sort((a, b) => a.calibratedOrderDesc - b.calibratedOrderDesc);
    expect(ascending.map((key) => key.calibratedOrder)).toEqual([null, 1, 2, 3.5]);
    expect(descending.map((key) => key.calibratedOrder)).toEqual([3.5, 2, 1, null]);
  });

  it('leaves the stored keys out of the row the API sends', () => {
    const view = toRowView(withFilterKeys({ ...row(), ...calibratedKeys(1), disagreementFlag: true }));
    for (const key of ['decisionStage', 'offerPending', 'calibratedOrder', 'calibratedOrderDesc', 'disagreementFlag']) {
      expect(view).not.toHaveProperty(key);
    }
  });
});

describe('statusFromRows', () => {
  const response = (status: ApplicationResponse['status']) => ({ status }) as ApplicationResponse;

  it('follows the rows once submitted: in review, interview, decided', () => {
    const fresh = row();
    const inReview = rowWithAssignments(fresh, 'review', [ref('r1', 'draft')], scoring);
    const interview = rowWithAssignments(inReview, 'interview', [ref('i1', 'draft')], scoring);
    expect(statusFromRows(response('submitted'), [fresh])).toBe('submitted');
    expect(statusFromRows(response('submitted'), [fresh, inReview])).toBe('in-review');
    expect(statusFromRows(response('in-review'), [inReview, interview])).toBe('interview');
    expect(statusFromRows(response('interview'), [rowWithDecision(fresh, 'denied'), interview])).toBe('interview');
    expect(
      statusFromRows(response('interview'), [rowWithDecision(fresh, 'denied'), rowWithDecision(interview, 'waitlist')]),
    ).toBe('decided');
  });

  it('leaves an unsubmitted response, or one without rows, as it is', () => {
    expect(statusFromRows(response('in-progress'), [rowWithDecision(row(), 'accepted')])).toBe('in-progress');
    expect(statusFromRows(response('inactive'), [])).toBe('inactive');
    expect(statusFromRows(response('in-review'), [])).toBe('in-review');
  });
});

describe('responseForApplicant', () => {
  const response = (status: ApplicationResponse['status']) => ({ id: RESPONSE_ID, status }) as ApplicationResponse;

  it("shows 'interview' and 'decided' as 'in-review' until release, then as they are", () => {
    for (const status of ['interview', 'decided'] as const) {
      expect(responseForApplicant(response(status), { decisionsReleased: false }).status).toBe('in-review');
      expect(responseForApplicant(response(status), { decisionsReleased: true }).status).toBe(status);
    }
    for (const status of ['in-progress', 'submitted', 'in-review', 'inactive'] as const) {
      expect(responseForApplicant(response(status), { decisionsReleased: false }).status).toBe(status);
    }
  });
});

describe('denialHolds: what keeps a row out of "Deny undecided, unqualified…"', () => {
  it('holds a row with a review not submitted yet, or flagged for disagreement, and nothing else', () => {
    expect(denialHolds({ reviewsAssigned: 2, reviewsDone: 0 }, false)).toEqual(['open-reviews']);
    expect(denialHolds({ reviewsAssigned: 2, reviewsDone: 2 }, true)).toEqual(['disagreement']);
    expect(denialHolds({ reviewsAssigned: 3, reviewsDone: 2 }, true)).toEqual(['open-reviews', 'disagreement']);
    expect(denialHolds({ reviewsAssigned: 2, reviewsDone: 2 }, false)).toEqual([]);
    expect(denialHolds({ reviewsAssigned: 0, reviewsDone: 0 }, false)).toEqual([]);
  });
});
