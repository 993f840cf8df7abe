import { bucketsWith, cumulativeSubmitted, daysFrom, funnelOf, MAX_PIPELINE_DAYS } from './pipeline';

describe('the pipeline at a glance', () => {
  it('makes a funnel from counts, each stage with its share of the one before', () => {
    const funnel = funnelOf('bootcamp', {
      started: 10,
      submitted: 8,
      notReviewed: 2,
      qualified: 3,
      notInterviewed: 6,
      decided: 4,
      offerAccepted: 0,
    });
    expect(funnel.steps.map((step) => [step.stage, step.count, step.shareOfPrevious])).toEqual([
      ['started', 10, null],
      ['submitted', 8, 0.8],
      ['reviewed', 6, 0.75],
      ['qualified', 3, 0.5],
      ['interviewed', 2, 2 / 3],
      ['decided', 4, 2],
      ['offer-accepted', 0, 0],
    ]);
  });

  it('never starts fewer than it submits (an erased applicant keeps their row, not their response)', () => {
    const empty = { notReviewed: 1, qualified: 0, notInterviewed: 1, decided: 1, offerAccepted: 0 };
    expect(funnelOf('bootcamp', { ...empty, started: 0, submitted: 1 }).steps[0]!.count).toBe(1);
  });

  it('lists every UTC day from the first to the last, at most the last MAX_PIPELINE_DAYS', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysFrom('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
    const long = daysFrom('2025-01-01', '2026-03-02');
    expect([long.length, long[long.length - 1]]).toEqual([MAX_PIPELINE_DAYS, '2026-03-02']);
  });

  it('adds up a reviewer’s daily buckets, counting what came before the first day and before the buckets on it', () => {
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
    expect(cumulativeSubmitted({ '2026-03-01': 2, '2026-03-03': 1 }, days, 3)).toEqual([2, 3, 3]);
    // Two reviews submitted before the load kept buckets.
    expect(cumulativeSubmitted({ '2026-03-04': 1 }, days, 3)).toEqual([2, 2, 3]);
  });

  it('moves a day’s bucket and drops it at 0', () => {
    expect(bucketsWith(undefined, '2026-03-01', 1)).toEqual({ '2026-03-01': 1 });
    expect(bucketsWith({ '2026-03-01': 1, '2026-03-02': 2 }, '2026-03-01', -1)).toEqual({ '2026-03-02': 2 });
    expect(bucketsWith({}, '2026-03-01', -1)).toEqual({});
  });
});
