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

test("a form's own role ids read as its labels, never as lower-case ids", () => {
  const labels = { treasurer: 'Treasurer', events: 'Events' };
  expect(
    fieldChanges(
      { role: 'treasurer', decision: 'waitlist' },
      { role: 'treasurer', decision: 'accepted' },
      'UTC',
      labels,
    ),
  ).toEqual([{ field: 'Decision', before: 'Waitlist', after: 'Accepted' }]);
  expect(fieldChanges(null, { role: 'events' }, 'UTC', labels)).toEqual([
    { field: 'Role', before: '—', after: 'Events' },
  ]);
});

test("a form's change reads by its path in words, as the server wrote it", () => {
  const path = 'Review rubrics › Treasurer rubric › Criteria › Motivation › Weight';
  expect(fieldChanges({ [path]: 1 }, { [path]: 2 })).toEqual([{ field: path, before: '1', after: '2' }]);
});

test('times are in the zone given, named in words', () => {
  expect(fieldChanges({ at: '2026-03-10T17:00:00.000Z' }, null, 'America/New_York')).toEqual([
    { field: 'At', before: 'Mar 10, 2026, 1:00 PM Eastern Time', after: '—' },
  ]);
});
