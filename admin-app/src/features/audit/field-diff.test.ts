import { fieldChanges } from './field-diff';

const lines = (before: unknown, after: unknown) =>
  fieldChanges(before, after).map((change) => `${change.field}: ${change.before} → ${change.after}`);

test('an assignment reads by its reviewer and state, never by its ids', () => {
  const ref = { assessmentId: 'a-1', staffId: 'bo-uid', staffName: 'Bo Chen', state: 'not-started' };
  expect(lines(null, ref)).toEqual(['Staff member: — → Bo Chen', 'State: — → not-started']);
});

test("a row's list of assignments reads as names and states, without braces or ids", () => {
  const before = { reviews: [{ assessmentId: 'a-1', staffId: 'bo-uid', staffName: 'Bo Chen', state: 'draft' }] };
  const after = {
    reviews: [
      { assessmentId: 'a-1', staffId: 'bo-uid', staffName: 'Bo Chen', state: 'submitted', scores: { motivation: 4 } },
      { assessmentId: 'a-2', staffId: 'cy-uid', staffName: 'Cy Diaz', state: 'not-started' },
    ],
  };
  expect(lines(before, after)).toEqual(['Reviews: Bo Chen (draft) → Bo Chen (submitted), Cy Diaz (not-started)']);
});

test('any other object shows its readable fields, ids left out', () => {
  expect(lines({ offer: null }, { offer: { reply: 'accepted', responseId: 'r-1' } })).toEqual([
    'Offer: — → Reply: accepted',
  ]);
});
