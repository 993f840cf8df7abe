import { randomUUID } from 'node:crypto';
import {
  applicantPseudonym,
  DELETED_REVIEWER,
  NOTE_MESSAGES,
  type ApplicationResponse,
  type AuditEntry,
  type NoteView,
  type NotesPage,
} from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { FORM_ID, updateForm, type Caller, type Harness } from './api-harness';
import { assign, submitApplication } from './staff-fixtures';
import { REVIEW_SCORES } from './security/fixtures';

/**
 * Notes on an application (docs/product.md#notes-on-an-application) through the API, each scenario
 * on a fresh harness: notes.routes.test.ts runs them on SQLite, notes.emulator.test.ts on each
 * store, Google's Cloud Firestore emulator included. ada applied; rita reviews her application and
 * rob does too where a scenario says so; dora is the super-reviewer; eve applied too.
 */

export interface NotesWorld {
  harness: Harness;
  ada: ApplicationResponse;
  /** Review ids by reviewer. */
  reviews: Record<string, string>;
}

/** ada's submitted application, reviewed (engineer) by each of `reviewers`. */
export async function notesWorld(harness: Harness, reviewers: Caller[] = ['rita']): Promise<NotesWorld> {
  const ada = await submitApplication(harness, 'ada');
  const created = await assign(
    harness,
    reviewers.map((staffId) => ({ responseId: ada.id, role: 'engineer', staffId })),
  );
  return { harness, ada, reviews: Object.fromEntries(created.map((each) => [each.staffId, each.id])) };
}

const path = (world: NotesWorld, noteId?: string) =>
  `/admin/responses/${world.ada.id}/notes${noteId ? `/${noteId}` : ''}`;

export async function readNotes(world: NotesWorld, caller: Caller): Promise<NotesPage> {
  const res = await world.harness.as(caller).get(path(world));
  if (res.status !== 200) throw new Error(`notes of ${caller}: ${res.status} ${res.text}`);
  return res.body as NotesPage;
}

export async function writeNote(
  world: NotesWorld,
  caller: Caller,
  text: string,
  options: { private?: boolean } = {},
): Promise<NoteView> {
  const res = await world.harness.as(caller).post(path(world), { text, ...options });
  if (res.status !== 201) throw new Error(`note by ${caller}: ${res.status} ${res.text}`);
  return res.body as NoteView;
}

const submitReview = async (world: NotesWorld, caller: Caller) => {
  const res = await world.harness.as(caller).post(`/admin/assessments/review/${world.reviews[caller]}/submit`, {
    scores: REVIEW_SCORES,
    comments: '',
    version: 0,
  });
  if (res.status !== 200) throw new Error(`submit by ${caller}: ${res.status} ${res.text}`);
};

export const mentionEmails = async (harness: Harness): Promise<OutboxMessage[]> =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
    .map((item) => item.data)
    .filter((message) => message.template === 'noteMention')
    .sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));

const noteAudit = async (harness: Harness): Promise<AuditEntry[]> =>
  (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
    .map((item) => item.data)
    .filter((entry) => entry.action.startsWith('note.'));

const texts = (page: NotesPage) => page.items.map((note) => note.text);

/** The scenarios, by title; each takes a fresh harness. */
export const NOTES_SCENARIOS: Record<string, (harness: Harness) => Promise<void>> = {
  'staff who may see the application write and read its notes; no one else reads or writes any': async (harness) => {
    const world = await notesWorld(harness);
    const empty = await readNotes(world, 'rita');
    expect(empty).toEqual({
      items: [],
      mentionable: [{ id: 'dora', name: 'dora Tester', superReviewer: true }],
      canMarkPrivate: false,
      hiddenUntilSubmitted: 0,
      blindStages: false,
    });
    const note = await writeNote(world, 'rita', '  Strong project work.\nAsk about the team.  ');
    expect(note).toEqual({
      id: expect.any(String),
      authorName: 'rita Tester',
      bySuperReviewer: false,
      text: 'Strong project work.\nAsk about the team.',
      private: false,
      mentions: [],
      createdAt: harness.clock.now.toISOString(),
      editedAt: null,
      mine: true,
    });
    expect((await readNotes(world, 'dora')).items).toEqual([{ ...note, mine: false }]);
    for (const caller of ['rob', 'ada', 'eve'] as const) {
      expect([caller, (await harness.as(caller).get(path(world))).status]).toEqual([caller, 403]);
      expect([caller, (await harness.as(caller).post(path(world), { text: 'x' })).status]).toEqual([caller, 403]);
    }
    expect((await harness.as('dora').get(`/admin/responses/${randomUUID()}/notes`)).status).toEqual(404);
  },

  "a reviewer reads another reviewer's notes only once their own review is submitted; the director's at once": async (
    harness,
  ) => {
    const world = await notesWorld(harness, ['rita', 'rob']);
    await writeNote(world, 'rita', 'I scored the project high.');
    await writeNote(world, 'dora', 'Please check the project links.');
    const before = await readNotes(world, 'rob');
    expect([texts(before), before.hiddenUntilSubmitted]).toEqual([['Please check the project links.'], 1]);
    await submitReview(world, 'rob');
    const after = await readNotes(world, 'rob');
    expect([texts(after), after.hiddenUntilSubmitted]).toEqual([
      ['I scored the project high.', 'Please check the project links.'],
      0,
    ]);
    // rita has not submitted: rob's note waits for her, her own and the director's do not.
    await writeNote(world, 'rob', 'Agreed.');
    const rita = await readNotes(world, 'rita');
    expect([texts(rita), rita.hiddenUntilSubmitted]).toEqual([
      ['I scored the project high.', 'Please check the project links.'],
      1,
    ]);
    expect(texts(await readNotes(world, 'dora'))).toEqual([
      'I scored the project high.',
      'Please check the project links.',
      'Agreed.',
    ]);
  },

  'a super-reviewer keeps a note private to super-reviewers; a reviewer cannot': async (harness) => {
    const world = await notesWorld(harness);
    await submitReview(world, 'rita');
    const secret = await writeNote(world, 'dora', 'Budget allows one more engineer.', { private: true });
    expect(secret.private).toEqual(true);
    const rita = await readNotes(world, 'rita');
    expect([rita.items, rita.hiddenUntilSubmitted]).toEqual([[], 0]);
    expect(texts(await readNotes(world, 'dora'))).toEqual(['Budget allows one more engineer.']);
    const refused = await harness.as('rita').post(path(world), { text: 'Mine alone', private: true });
    expect([refused.status, refused.body.error.message]).toEqual([403, NOTE_MESSAGES.privateSuperOnly]);
    // A private note names super-reviewers only: rita is not told of it.
    await writeNote(world, 'dora', '@rita Tester should not hear of this', { private: true });
    expect(await mentionEmails(harness)).toEqual([]);
    expect((await harness.as('rita').put(path(world, secret.id), { text: 'guess' })).status).toEqual(404);
  },

  'an @mention emails the person named through the outbox, once per note, only if they may see the application': async (
    harness,
  ) => {
    const world = await notesWorld(harness, ['rita', 'rob']);
    await submitReview(world, 'rob');
    const note = await writeNote(world, 'dora', '@rita Tester and @rob Tester: see <b>this</b> at www.example.com');
    expect(note.mentions).toEqual(['rita Tester', 'rob Tester']);
    const [toRita, toRob] = await mentionEmails(harness);
    expect([toRita!.to, toRita!.subject, toRita!.state]).toEqual([
      'rita@example.com',
      'dora Tester mentioned you in a note on ada Tester',
      'queued',
    ]);
    // Plain text: the typed markup and address are text, never a tag or a link.
    expect(toRita!.text.includes('see <b>this</b> at www.example.com')).toEqual(true);
    expect(/<b>|href="http:\/\/www/.test(toRita!.html)).toEqual(false);
    expect(toRob!.to).toEqual('rob@example.com');
    expect(toRita!.html.includes('/admin/review/f/')).toEqual(true);

    // rita wrote before submitting: rob reads her note (he submitted), she is told of his without its text.
    await writeNote(world, 'rob', 'Over to you @rita Tester; @dora Tester FYI');
    const emails = await mentionEmails(harness);
    const about = emails.filter((message) => message.text.includes('Over to you'));
    expect(about.map((message) => message.to)).toEqual(['dora@example.com']);
    const waiting = emails.find((message) => message.to === 'rita@example.com' && message.event !== toRita!.event)!;
    expect([waiting.text.includes('Over to you'), waiting.text.includes('once you have submitted')]).toEqual([
      false,
      true,
    ]);
    expect(
      emails.find((message) => message.to === 'dora@example.com')!.html.includes('/admin/dor/application/'),
    ).toEqual(true);

    // eve cannot see ada's application: a name is only text. An edit tells only who is new.
    const plain = await writeNote(world, 'rita', 'Nothing for @eve Tester here');
    expect(plain.mentions).toEqual([]);
    const count = (await mentionEmails(harness)).length;
    const edited = await harness
      .as('rita')
      .put(path(world, plain.id), { text: 'Now for @dora Tester and @eve Tester' });
    expect([edited.status, edited.body.mentions, edited.body.editedAt]).toEqual([
      200,
      ['dora Tester'],
      harness.clock.now.toISOString(),
    ]);
    await harness.as('rita').put(path(world, plain.id), { text: 'Again @dora Tester' });
    expect((await mentionEmails(harness)).length).toEqual(count + 1);
  },

  'on a blind stage a reviewer reads the notes, and the mention emails, without the applicant': async (harness) => {
    const world = await notesWorld(harness);
    await updateForm(harness.store, FORM_ID, { blindReview: { review: true, interview: false } });
    await writeNote(world, 'dora', 'A question for @rita Tester about the project');
    const page = await readNotes(world, 'rita');
    expect(page.blindStages).toEqual(true);
    const [email] = await mentionEmails(harness);
    const pseudonym = applicantPseudonym(world.ada.id);
    expect(email!.subject).toEqual(`dora Tester mentioned you in a note on ${pseudonym}`);
    const everything = JSON.stringify([page, email!.subject, email!.html, email!.text, email!.data]).toLowerCase();
    expect(['ada tester', 'ada@example.com', '"ada"'].filter((phrase) => everything.includes(phrase))).toEqual([]);
    // The director reads the name.
    await writeNote(world, 'rita', 'Answered, @dora Tester');
    expect((await mentionEmails(harness)).find((m) => m.to === 'dora@example.com')!.subject).toEqual(
      'rita Tester mentioned you in a note on ada Tester',
    );
  },

  'only its author edits or deletes a note, and the audit log records each change without its text': async (
    harness,
  ) => {
    const world = await notesWorld(harness);
    const note = await writeNote(world, 'rita', 'First thoughts @dora Tester');
    for (const [caller, status] of [
      ['dora', 403],
      ['rob', 403],
    ] as const) {
      expect([caller, (await harness.as(caller).put(path(world, note.id), { text: 'mine now' })).status]).toEqual([
        caller,
        status,
      ]);
      expect([caller, (await harness.as(caller).delete(path(world, note.id))).status]).toEqual([caller, status]);
    }
    const edited = await harness.as('rita').put(path(world, note.id), { text: 'Second thoughts' });
    expect([edited.status, edited.body.text, edited.body.mentions]).toEqual([200, 'Second thoughts', []]);
    expect((await harness.as('rita').delete(path(world, note.id))).status).toEqual(204);
    expect((await readNotes(world, 'dora')).items).toEqual([]);
    expect((await harness.as('rita').delete(path(world, note.id))).status).toEqual(404);

    const entries = (await noteAudit(harness)).sort((a, b) =>
      ['note.created', 'note.edited', 'note.deleted'].indexOf(a.action) <
      ['note.created', 'note.edited', 'note.deleted'].indexOf(b.action)
        ? -1
        : 1,
    );
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.target, entry.formId])).toEqual(
      ['note.created', 'note.edited', 'note.deleted'].map((action) => [
        action,
        'rita',
        { collection: COLLECTIONS.notes, id: note.id },
        FORM_ID,
      ]),
    );
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [null, { responseId: world.ada.id, private: false, characters: 27, mentioned: 'dora Tester' }],
      [
        { responseId: world.ada.id, characters: 27, mentioned: 'dora Tester' },
        { responseId: world.ada.id, characters: 15, mentioned: '' },
      ],
      [{ responseId: world.ada.id, private: false, characters: 15, mentioned: '' }, null],
    ]);
    expect(JSON.stringify(entries).includes('thoughts')).toEqual(false);
    const log = await harness.as('dora').get('/admin/audit?target=note');
    expect(log.body.items.map((entry: AuditEntry) => entry.targetLabel)).toEqual([
      'Note on the application of ada Tester',
      'Note on the application of ada Tester',
      'Note on the application of ada Tester',
    ]);
  },

  "the notes go with the applicant erased; an erased reviewer's stay, as Deleted reviewer": async (harness) => {
    const world = await notesWorld(harness);
    const eve = await submitApplication(harness, 'eve');
    await assign(harness, [{ responseId: eve.id, role: 'engineer', staffId: 'rita' }]);
    await writeNote(world, 'dora', 'About ada, @rita Tester');
    const onEve = await harness
      .as('rita')
      .post(`/admin/responses/${eve.id}/notes`, { text: 'About eve, @dora Tester' });
    expect(onEve.status).toEqual(201);

    const deleted = await harness.as('dora').post('/admin/users/delete', { userIds: ['ada', 'rita'] });
    expect(deleted.status).toEqual(200);
    expect(await harness.store.get(COLLECTIONS.notes, world.ada.id)).toEqual(null);
    // The mention email about ada went with her (and rita's with rita); dora's about eve stays.
    expect((await mentionEmails(harness)).map((message) => [message.to, message.text.includes('About eve')])).toEqual([
      ['dora@example.com', true],
    ]);
    const eveNotes = await harness.as('dora').get(`/admin/responses/${eve.id}/notes`);
    expect(eveNotes.body.items.map((note: NoteView) => [note.authorName, note.text])).toEqual([
      [DELETED_REVIEWER, 'About eve, @dora Tester'],
    ]);
  },
};
