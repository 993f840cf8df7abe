import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { runAlone } from './run-alone';
import { testSqliteStore } from '../testing/test-store';

const MINUTE = 60_000;
const AT = new Date('2026-03-01T12:00:00Z');

let store: DocumentStore;
beforeEach(() => {
  store = testSqliteStore();
});
afterEach(() => store.close());

/** A run that waits until `finish` is called. */
function heldRun() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done.then(() => 'first'), finish: () => finish() };
}

test('a run that starts while another of the same job goes on does nothing', async () => {
  const first = heldRun();
  const running = runAlone(store, 'scheduled-work', { now: AT, maxMs: 5 * MINUTE }, first.work);
  // Wait until the first run holds its lease.
  while (!(await store.get(COLLECTIONS.runLeases, 'scheduled-work'))) await new Promise((r) => setTimeout(r, 1));
  const second = jest.fn(async () => 'second');

  await expect(
    runAlone(store, 'scheduled-work', { now: new Date(AT.getTime() + MINUTE), maxMs: 5 * MINUTE }, second),
  ).resolves.toEqual({ ran: false });
  expect(second).not.toHaveBeenCalled();

  // Another job is not held up by it.
  await expect(runAlone(store, 'outbox-sender', { now: AT, maxMs: 2 * MINUTE }, async () => 'sent')).resolves.toEqual({
    ran: true,
    result: 'sent',
  });

  first.finish();
  await expect(running).resolves.toEqual({ ran: true, result: 'first' });
  // Given back at the end: the next minute's run goes ahead.
  await expect(
    runAlone(store, 'scheduled-work', { now: new Date(AT.getTime() + MINUTE), maxMs: 5 * MINUTE }, second),
  ).resolves.toEqual({ ran: true, result: 'second' });
});

test('a failed run gives its lease back, and a crashed one holds it only for the run’s time limit', async () => {
  await expect(
    runAlone(store, 'scheduled-work', { now: AT, maxMs: 5 * MINUTE }, async () => {
      throw new Error('the store is down');
    }),
  ).rejects.toThrow('the store is down');
  expect(await store.get(COLLECTIONS.runLeases, 'scheduled-work')).toBeNull();

  // A crash: the lease stays, as a run that never finished leaves it.
  await store.create(COLLECTIONS.runLeases, 'scheduled-work', {
    expiresAt: new Date(AT.getTime() + 5 * MINUTE).toISOString(),
  });
  const work = jest.fn(async () => 'after the crash');
  await expect(
    runAlone(store, 'scheduled-work', { now: new Date(AT.getTime() + 4 * MINUTE), maxMs: 5 * MINUTE }, work),
  ).resolves.toEqual({ ran: false });
  await expect(
    runAlone(store, 'scheduled-work', { now: new Date(AT.getTime() + 5 * MINUTE), maxMs: 5 * MINUTE }, work),
  ).resolves.toEqual({ ran: true, result: 'after the crash' });
});
