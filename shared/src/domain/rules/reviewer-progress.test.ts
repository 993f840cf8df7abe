import { relativeLeniency, reviewerProgress } from './reviewer-progress';
import type { Assessment } from './staff';

let next = 0;
function review(staffId: string, responseId: string, over: Partial<Assessment> = {}): Assessment {
  next += 1;
  return {
    id: `r${next}`,
    kind: 'review',
    applicationFormId: 'f',
    responseId,
    role: 'engineer',
    staffId,
    staffName: { ann: 'Ann', bob: 'Bob', cy: 'Cy' }[staffId] ?? staffId,
    applicantUserId: `u-${responseId}`,
    applicantName: 'X',
    searchTokens: [],
    scores: {},
    comments: '',
    state: 'not-started',
    score: null,
    version: 0,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    submittedAt: null,
    ...over,
  };
}
const done = (staffId: string, responseId: string, score: number, hours = 24) =>
  review(staffId, responseId, {
    state: 'submitted',
    score,
    submittedAt: new Date(Date.parse('2026-03-01T00:00:00.000Z') + hours * 3_600_000).toISOString(),
  });

describe('relativeLeniency', () => {
  it("is each reviewer's mean difference from the others' scores of the same application", () => {
    // a1: Ann 4, Bob 2 → Ann +2, Bob −2. a2: Ann 3, Bob 2, Cy 1 → Ann 3 − 1.5 = +1.5, Bob 2 − 2 = 0, Cy 1 − 2.5 = −1.5.
    const leniency = relativeLeniency([
      done('ann', 'a1', 4),
      done('bob', 'a1', 2),
      done('ann', 'a2', 3),
      done('bob', 'a2', 2),
      done('cy', 'a2', 1),
    ]);
    expect(leniency.get('ann')).toBeCloseTo(1.75);
    expect(leniency.get('bob')).toBeCloseTo(-1);
    expect(leniency.get('cy')).toBeCloseTo(-1.5);
  });

  it('knows nothing of a reviewer alone on every application, or of drafts', () => {
    const leniency = relativeLeniency([done('ann', 'a1', 4), review('bob', 'a1', { state: 'draft', score: 1 })]);
    expect(leniency.size).toBe(0);
  });
});

describe('reviewerProgress', () => {
  const reviews = [
    done('ann', 'a1', 4, 10),
    done('ann', 'a2', 3, 30),
    review('ann', 'a3', { state: 'draft' }),
    done('bob', 'a1', 2, 5),
    review('bob', 'a4'),
    review('bob', 'a5'),
  ];

  it('counts each state, the mean hours to review and the leniency', () => {
    const items = reviewerProgress(reviews, new Date('2026-03-02T00:00:00Z'), undefined);
    expect(items).toEqual([
      {
        staffId: 'ann',
        staffName: 'Ann',
        assigned: 3,
        notStarted: 0,
        drafted: 1,
        submitted: 2,
        overdue: 0,
        averageHoursToReview: 20,
        leniency: 2,
      },
      {
        staffId: 'bob',
        staffName: 'Bob',
        assigned: 3,
        notStarted: 2,
        drafted: 0,
        submitted: 1,
        overdue: 0,
        averageHoursToReview: 5,
        leniency: -2,
      },
    ]);
  });

  it('counts open reviews as overdue once the due date passed, most overdue first', () => {
    const due = '2026-03-05T00:00:00.000Z';
    expect(reviewerProgress(reviews, new Date('2026-03-04T23:59:59Z'), due).map((i) => i.overdue)).toEqual([0, 0]);
    const after = reviewerProgress(reviews, new Date('2026-03-05T00:00:01Z'), due);
    expect(after.map((item) => [item.staffId, item.overdue])).toEqual([
      ['bob', 2],
      ['ann', 1],
    ]);
  });

  it('has nobody without reviews', () => {
    expect(reviewerProgress([], new Date(), undefined)).toEqual([]);
  });
});
