import express from 'express';
import request from 'supertest';
import { createClock } from '../scheduler/clock';
import { localClockHandlers } from './local-clock';

function serve(systemNow: () => number) {
  const clock = createClock(systemNow);
  const runs: string[] = [];
  const handlers = localClockHandlers(clock, async () => {
    runs.push(clock.now().toISOString());
  });
  const app = express();
  app.get('/local/clock', handlers.read);
  app.post('/local/clock', express.json(), handlers.advance);
  return { app, clock, runs };
}

it('moves the one clock forward and runs the due work at the new time before answering', async () => {
  const system = Date.parse('2026-03-01T12:00:00.000Z');
  const { app, clock, runs } = serve(() => system);
  const res = await request(app).post('/local/clock').send({ advanceMs: 90_000 });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ now: '2026-03-01T12:01:30.000Z', offsetMs: 90_000 });
  expect(clock.now().toISOString()).toBe('2026-03-01T12:01:30.000Z');
  expect(runs).toEqual(['2026-03-01T12:01:30.000Z']);
  expect((await request(app).get('/local/clock')).body).toEqual(res.body);
});

it.each([{}, { advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '60000' }, { advanceMs: 1, back: true }])(
  'refuses %j with a 400 naming advanceMs, and leaves the clock alone',
  async (body) => {
    const { app, clock, runs } = serve(() => 0);
    const res = await request(app).post('/local/clock').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^advanceMs: /);
    expect(clock.offsetMs()).toBe(0);
    expect(runs).toEqual([]);
  },
);
