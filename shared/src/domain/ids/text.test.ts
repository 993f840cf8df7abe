import { countOf, plural } from './text';

test('countOf puts the noun in the number Intl.PluralRules asks for', () => {
  expect(countOf(0, 'review')).toBe('0 reviews');
  expect(countOf(1, 'review')).toBe('1 review');
  expect(countOf(2, 'review')).toBe('2 reviews');
  expect(countOf(1.5, 'hour')).toBe('1.5 hours');
});

test('a noun whose plural is not the last word gets it spelled out', () => {
  expect(countOf(2, 'role application with disagreement', 'role applications with disagreement')).toBe(
    '2 role applications with disagreement',
  );
  expect(countOf(1, 'role application with disagreement', 'role applications with disagreement')).toBe(
    '1 role application with disagreement',
  );
});

test('plural picks the word that agrees with a count', () => {
  expect(plural(1, 'is', 'are')).toBe('is');
  expect(plural(0, 'is', 'are')).toBe('are');
  expect(plural(3, 'matches', 'match')).toBe('match');
});
