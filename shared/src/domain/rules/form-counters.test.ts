import { counterDeltas, counterFilter, responseCounterKeys, rowCounterKeys } from './form-counters';

const ROW = {
  role: 'bootcamp',
  reviewsDone: 0,
  interviewsDone: 0,
  qualified: false,
  final: false,
  decision: 'not-reviewed',
  decisionStage: 'undecided',
  submittedAt: '2026-03-01T12:00:00.000Z',
} as const;

describe('the counters a row or response adds to', () => {
  it('counts a row in its role’s stages, its day and its dashboard tabs', () => {
    expect(rowCounterKeys(ROW).sort()).toEqual(
      [
        'rows',
        'submitted:bootcamp',
        'day:2026-03-01',
        'notReviewed:bootcamp',
        'notInterviewed:bootcamp',
        'all-tab:*',
        'all-tab:undecided',
      ].sort(),
    );
    const accepted = {
      ...ROW,
      reviewsDone: 2,
      qualified: true,
      final: true,
      decision: 'accepted',
      decisionStage: 'offer-accepted',
    } as const;
    expect(rowCounterKeys(accepted)).toEqual(
      expect.arrayContaining([
        'qualified:bootcamp',
        'decided:bootcamp',
        'offerAccepted:bootcamp',
        'qualified-tab:*',
        'all-tab:offered',
      ]),
    );
    expect(rowCounterKeys(accepted)).not.toContain('notReviewed:bootcamp');
    expect(rowCounterKeys({ ...ROW, disagreementFlag: true })).toContain('all-tab:disagreement');
    expect(rowCounterKeys({ ...ROW, disagreementFlag: false })).not.toContain('all-tab:disagreement');
  });

  it('counts a response (a draft too) as started for each role it applies for, once', () => {
    expect(responseCounterKeys({ rolesApplied: ['engineer', 'bootcamp', 'engineer'] })).toEqual([
      'responses',
      'started:engineer',
      'started:bootcamp',
    ]);
    expect(responseCounterKeys({})).toEqual(['responses']);
  });

  it('turns a change into +1 and −1 deltas, leaving out what did not change', () => {
    const reviewed = { ...ROW, reviewsDone: 1 };
    expect(Object.fromEntries(counterDeltas(rowCounterKeys(ROW), rowCounterKeys(reviewed)))).toEqual({
      'notReviewed:bootcamp': -1,
    });
    expect(Object.fromEntries(counterDeltas([], ['rows']))).toEqual({ rows: 1 });
  });

  it('says which documents each counter counts, for the recount', () => {
    expect(counterFilter('decided:bootcamp')).toEqual({
      of: 'rows',
      where: [
        { field: 'role', value: 'bootcamp' },
        { field: 'final', value: true },
      ],
    });
    expect(counterFilter('qualified-tab:*')).toEqual({ of: 'rows', where: [{ field: 'qualified', value: true }] });
    expect(counterFilter('all-tab:offer-pending')).toEqual({
      of: 'rows',
      where: [{ field: 'decisionStage', value: 'offer-pending' }],
    });
    expect(counterFilter('all-tab:disagreement')).toEqual({
      of: 'rows',
      where: [{ field: 'disagreementFlag', value: true }],
    });
    expect(counterFilter('started:engineer')).toEqual({
      of: 'responses',
      where: [{ field: 'rolesApplied', op: 'array-contains', value: 'engineer' }],
    });
    expect(counterFilter('day:2026-03-01')?.range).toEqual({ field: 'submittedAt', day: '2026-03-01' });
    expect(counterFilter('unknown')).toBeNull();
  });
});
