import type { RequestHandler } from 'express';
import { z } from 'zod/mini';
import type { Clock } from '../scheduler/clock';

/** At most a year forward per call. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

const advanceSchema = z.strictObject({ advanceMs: z.int().check(z.gte(1), z.lte(MAX_ADVANCE_MS)) });

/**
 * GET /local/clock: the server's time and how far it was moved. POST /local/clock {advanceMs}:
 * moves it forward (the API, the outbox sender and the scheduler all read this clock), then runs
 * the scheduler so what has become due happens before the answer. Served by the local server
 * only, never by the API a deployment runs: production's clock cannot be moved.
 */
export function localClockHandlers(clock: Clock, runDue: () => Promise<unknown>) {
  const read: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  };
  const advance: RequestHandler = async (req, res) => {
    const body = advanceSchema.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({
        error: {
          code: 'invalid-request',
          message: `advanceMs: a whole number of milliseconds from 1 to ${MAX_ADVANCE_MS} is required`,
        },
      });
      return;
    }
    clock.advance(body.data.advanceMs);
    await runDue();
    res.setHeader('Cache-Control', 'no-store');
    res.json({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  };
  return { read, advance };
}
