import { mergeFields } from './three-way-merge';

test('a field changed on one side takes that side; unchanged fields stay', () => {
  const base = { a: 'one', b: 'two', c: ['x'] };
  const mine = { a: 'one (mine)', b: 'two', c: ['x'] };
  const theirs = { a: 'one', b: 'two (theirs)', c: ['x', 'y'] };

  expect(mergeFields(base, mine, theirs)).toEqual({
    merged: { a: 'one (mine)', b: 'two (theirs)', c: ['x', 'y'] },
    conflicts: [],
  });
});

test('a field changed on both sides to different values is a conflict carrying all three values', () => {
  expect(mergeFields({ a: 'base' }, { a: 'mine' }, { a: 'theirs' })).toEqual({
    merged: { a: 'mine' },
    conflicts: [{ key: 'a', base: 'base', mine: 'mine', theirs: 'theirs' }],
  });
});

test('the same change on both sides is no conflict; lists compare by content', () => {
  expect(mergeFields({ a: [] }, { a: ['x'] }, { a: ['x'] }).conflicts).toEqual([]);
});

test('without a base, only fields that differ are conflicts', () => {
  const result = mergeFields(undefined, { a: 'same', b: 'mine' }, { a: 'same', b: 'theirs' });
  expect(result.conflicts.map((c) => c.key)).toEqual(['b']);
});

test('a field missing from a side was empty there: added on one side only, it merges', () => {
  expect(mergeFields({}, { score: 3 }, {})).toEqual({ merged: { score: 3 }, conflicts: [] });
  expect(mergeFields({}, {}, { score: 2 })).toEqual({ merged: { score: 2 }, conflicts: [] });
  expect(mergeFields({}, { score: 3 }, { score: 2 }).conflicts).toEqual([
    { key: 'score', base: undefined, mine: 3, theirs: 2 },
  ]);
});
