/**
 * The server's one clock: what the API, the outbox sender and the scheduler read the time from.
 * It runs with the machine's clock plus an offset; only the local runtime ever moves it forward
 * (POST /local/clock), so a browser test can let a scheduled time arrive without waiting
 * (docs/decisions/local-clock.md).
 */
export interface Clock {
  now(): Date;
  /** Moves the clock forward by `ms` (local runtime only) and answers the new time. */
  advance(ms: number): Date;
  offsetMs(): number;
}

export function createClock(systemNow: () => number = Date.now): Clock {
  let offset = 0;
  const now = () => new Date(systemNow() + offset);
  return {
    now,
    advance(ms) {
      offset += ms;
      return now();
    },
    offsetMs: () => offset,
  };
}
