import express from 'express';
import request from 'supertest';
import { StoreLimitError, TransactionContentionError } from '../store/document-store';
import { CONTENTION_MESSAGE, errorMiddleware, STORE_LIMIT_MESSAGES } from './error-middleware';

/** The store's own errors reach the caller as what they are, never as a 500. */
const appThrowing = (error: Error) => {
  const app = express();
  app.get('/fails', () => {
    throw error;
  });
  app.use(errorMiddleware);
  return app;
};

test('a transaction that kept meeting concurrent changes is a 409 the caller may send again', async () => {
  const res = await request(appThrowing(new TransactionContentionError(10))).get('/fails');
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ error: { code: 'conflict', message: CONTENTION_MESSAGE } });
});

test("a write beyond one of Firestore's limits is a 413 saying which", async () => {
  const res = await request(appThrowing(new StoreLimitError('commit-writes', '501 writes'))).get('/fails');
  expect(res.status).toBe(413);
  expect(res.body.error.message).toBe(STORE_LIMIT_MESSAGES['commit-writes']);
});
