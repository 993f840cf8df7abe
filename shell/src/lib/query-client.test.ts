import { ApiRequestError } from '@portal/shared/client';
import { createQueryClient } from './query-client';

const { queries, mutations } = createQueryClient().getDefaultOptions();

function retries(error: Error): number {
  const retry = queries?.retry;
  if (typeof retry !== 'function') throw new Error('retry is not a function');
  let count = 0;
  while (count < 10 && retry(count, error)) count += 1;
  return count;
}

const answered = (status: number) => new ApiRequestError(status, 'not-found', 'No form with this id', null);

test('a failed query (network, 5xx, timeout, rate limit) is retried three times', () => {
  expect(retries(new ApiRequestError(0, 'network', 'Could not reach the server', null))).toBe(3);
  expect(retries(answered(503))).toBe(3);
  expect(retries(answered(408))).toBe(3);
  expect(retries(answered(429))).toBe(3);
  expect(retries(new Error('failed'))).toBe(3);
});

test('an answer of the server (404, 403, 400, 401) is final: it is not retried', () => {
  for (const status of [400, 401, 403, 404, 409]) expect(retries(answered(status))).toBe(0);
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
