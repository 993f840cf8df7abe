import { emptyLoad, loadCounts, loadWith, staffLoadId } from './staff-load';

describe('a staff load', () => {
  it('starts empty under the form and staff member', () => {
    expect(emptyLoad('spring', 'rex')).toEqual({
      id: staffLoadId('spring', 'rex'),
      applicationFormId: 'spring',
      staffId: 'rex',
      reviewsAssigned: 0,
      reviewsDone: 0,
      interviewsAssigned: 0,
      interviewsDone: 0,
    });
  });

  it('moves only the counts of the kind given', () => {
    const load = loadWith(loadWith(emptyLoad('spring', 'rex'), 'review', { assigned: 2, done: 1 }), 'interview', {
      assigned: 1,
    });
    expect(loadCounts(load, 'review')).toEqual({ assigned: 2, done: 1 });
    expect(loadCounts(load, 'interview')).toEqual({ assigned: 1, done: 0 });
  });

  it('never counts below zero', () => {
    expect(loadCounts(loadWith(emptyLoad('spring', 'rex'), 'review', { assigned: -1, done: -1 }), 'review')).toEqual({
      assigned: 0,
      done: 0,
    });
  });

  it('counts nothing for a staff member without a stored load', () => {
    expect(loadCounts(undefined, 'interview')).toEqual({ assigned: 0, done: 0 });
  });
});
