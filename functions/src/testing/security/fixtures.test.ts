import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { COLLECTIONS } from '../../store/collections';
import { dumpStore } from '../staff-fixtures';
import { createFixture, expectSameStore, expectStoreUnchanged, snapshotStore } from './fixtures';

/** The security sweeps' fixtures: built once per stage, then copied (see createFixture). */

it('gives each caller its own copy of the built fixture: the same state, files and accounts, kept apart', async () => {
  const first = await createFixture('decided');
  const second = await createFixture('decided');
  try {
    expect(second.responseId).toBe(first.responseId);
    expect(await dumpStore(second.harness)).toEqual(await dumpStore(first.harness));
    expect(second.fileRoot).not.toBe(first.fileRoot);
    const resume = path.join('responses', first.responseId, 'resume', first.fileId);
    expect(await fs.readFile(path.join(second.fileRoot, resume))).toEqual(
      await fs.readFile(path.join(first.fileRoot, resume)),
    );
    expect([...second.harness.accounts.accounts.keys()]).toEqual([...first.harness.accounts.accounts.keys()]);
    // The app answers from the copy: ada reads her decided application.
    expect((await second.harness.as('ada').get(`/responses/${second.responseId}`)).status).toBe(200);

    await second.harness.store.delete(COLLECTIONS.responses, second.responseId);
    second.harness.accounts.accounts.delete('eve');
    expect(await first.harness.store.get(COLLECTIONS.responses, first.responseId)).not.toBeNull();
    expect(first.harness.accounts.accounts.has('eve')).toBe(true);
  } finally {
    await Promise.all([first.harness.close(), second.harness.close()]);
  }
});

it('builds a fixture through the API when given a logger, which sees the calls', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const copied = await createFixture('draft');
  const built = await createFixture('draft', { logger });
  try {
    expect(built.responseId).not.toBe(copied.responseId);
    expect(lines.length).toBeGreaterThan(0);
  } finally {
    await Promise.all([copied.harness.close(), built.harness.close()]);
  }
});

it('expectSameStore passes on equal dumps and fails showing the changed value', () => {
  const before = { users: { ada: { id: 'ada', roles: ['x'] } } };
  expect(() => expectSameStore({ context: 'same' }, structuredClone(before), before)).not.toThrow();
  const after = { users: { ada: { id: 'ada', roles: ['y'] } } };
  expect(() => expectSameStore({ context: 'changed' }, after, before)).toThrow(/"y"/);
});

it('expectStoreUnchanged passes on an untouched store and on a counted attempt, and fails naming a changed document', async () => {
  const fixture = await createFixture('submitted');
  try {
    const before = snapshotStore(fixture);
    expect((await fixture.harness.as('eve').get(`/responses/${fixture.responseId}`)).status).toBe(404);
    // A read leaves the database as it was to the byte: no document is dumped to tell.
    expect(snapshotStore(fixture).equals(before)).toBe(true);
    await expect(expectStoreUnchanged({ context: 'a refused read' }, fixture, before)).resolves.toBeUndefined();

    // A rate limit's counter is written (the image differs) but is no document the check compares.
    await fixture.harness.store.set(COLLECTIONS.rateLimits, 'profile:user:ada', { hits: 1, resetAt: 0 });
    expect(snapshotStore(fixture).equals(before)).toBe(false);
    await expect(expectStoreUnchanged({ context: 'a counted attempt' }, fixture, before)).resolves.toBeUndefined();

    await fixture.harness.store.update(COLLECTIONS.responses, fixture.responseId, { submittedAt: 'changed' });
    await expect(expectStoreUnchanged({ context: 'a write' }, fixture, before)).rejects.toThrow(/"changed"/);
  } finally {
    await fixture.harness.close();
  }
});
