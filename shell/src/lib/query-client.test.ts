import { createQueryClient } from './query-client';

const { queries, mutations } = createQueryClient().getDefaultOptions();

test('queries retry three times', () => {
  expect(queries?.retry).toBe(3);
});

test.each([
  [0, 1000],
  [1, 2000],
  [2, 4000],
  [4, 16_000],
  [5, 30_000],
  [10, 30_000],
])('retry %i waits %i ms: doubling from 1 s, capped at 30 s', (attempt, delay) => {
  const retryDelay = queries?.retryDelay;
  if (typeof retryDelay !== 'function') throw new Error('retryDelay is not a function');
  expect(retryDelay(attempt, new Error('failed'))).toBe(delay);
});

test('unused query data is garbage-collected after five minutes', () => {
  expect(queries?.gcTime).toBe(300_000);
});

test('mutations are not retried', () => {
  expect(mutations?.retry).toBe(0);
});
