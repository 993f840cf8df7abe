import { MAX_NOTE_CHARS, MAX_NOTES_PER_APPLICATION, NOTE_MESSAGES, type NotesDocument } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { createHarness, type Harness } from '../../testing/api-harness';
import { NOTES_SCENARIOS, notesWorld, readNotes, writeNote } from '../../testing/notes-scenarios';
import { dumpStore } from '../../testing/staff-fixtures';

/**
 * Notes on an application through the API on SQLite: the scenarios notes.emulator.test.ts also runs
 * on the Firestore emulator, and the refusals that do not depend on the store.
 */

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

describe('notes on an application (SQLite)', () => {
  it.each(Object.entries(NOTES_SCENARIOS))('%s', async (_title, scenario) => {
    await scenario(harness);
  });
});

describe('what a note may be', () => {
  it('refuses an empty note and one over the limit with a clear message, writing nothing', async () => {
    const world = await notesWorld(harness);
    const before = await dumpStore(harness);
    const path = `/admin/responses/${world.ada.id}/notes`;
    for (const [text, message] of [
      [' \n\t ', NOTE_MESSAGES.empty],
      ['x'.repeat(MAX_NOTE_CHARS + 1), 'A note is at most 2,000 characters'],
    ] as const) {
      const res = await harness.as('rita').post(path, { text });
      expect([res.status, res.body.error.details]).toEqual([400, [{ path: 'text', message }]]);
    }
    expect(await dumpStore(harness)).toEqual(before);
    expect((await writeNote(world, 'rita', 'x'.repeat(MAX_NOTE_CHARS))).text).toHaveLength(MAX_NOTE_CHARS);
  });

  it('keeps the text as typed: markup and addresses stay plain text', async () => {
    const world = await notesWorld(harness);
    const text = '<script>alert(1)</script> [link](javascript:alert(1)) https://example.com **bold**';
    expect((await writeNote(world, 'dora', text)).text).toBe(text);
    expect((await readNotes(world, 'rita')).items.map((note) => note.text)).toEqual([text]);
  });

  it(`holds at most ${MAX_NOTES_PER_APPLICATION} notes per application`, async () => {
    const world = await notesWorld(harness);
    const first = await writeNote(world, 'dora', 'note 0');
    const stored = (await harness.store.get<NotesDocument>(COLLECTIONS.notes, world.ada.id))!;
    await harness.store.set(COLLECTIONS.notes, world.ada.id, {
      ...stored,
      notes: Array.from({ length: MAX_NOTES_PER_APPLICATION }, (_, at) => ({
        ...stored.notes[0]!,
        id: `${first.id}-${at}`,
      })),
    });
    const res = await harness.as('dora').post(`/admin/responses/${world.ada.id}/notes`, { text: 'one more' });
    expect([res.status, res.body.error.message]).toEqual([409, NOTE_MESSAGES.full]);
  });

  it('no note on your own application, even for a super-reviewer', async () => {
    const world = await notesWorld(harness);
    await harness.store.update(COLLECTIONS.users, 'ada', { role: 'super-reviewer' });
    const res = await harness.as('ada').get(`/admin/responses/${world.ada.id}/notes`);
    expect([res.status, res.body.error.message]).toEqual([403, NOTE_MESSAGES.ownApplication]);
    // Nor is she offered to anyone as someone to name.
    expect((await readNotes(world, 'rita')).mentionable.map((person) => person.id)).toEqual(['dora']);
  });

  it('a reviewer taken off the application no longer reads or changes its notes, theirs included', async () => {
    const world = await notesWorld(harness);
    const note = await writeNote(world, 'rita', 'before');
    expect((await harness.as('dora').delete(`/admin/assessments/review/${world.reviews.rita}`)).status).toBe(204);
    const path = `/admin/responses/${world.ada.id}/notes`;
    expect((await harness.as('rita').get(path)).status).toBe(403);
    expect((await harness.as('rita').put(`${path}/${note.id}`, { text: 'after' })).status).toBe(403);
    expect((await readNotes(world, 'dora')).items.map((each) => [each.authorName, each.text])).toEqual([
      ['rita Tester', 'before'],
    ]);
  });
});
