import { mentionsIn, noteVisibleTo, noteWaitsFor, type NoteReader } from './notes';
import { noteBodySchema, NOTE_MESSAGES, MAX_NOTE_CHARS } from '../schemas/notes';

const PEOPLE = [
  { id: 'rita', name: 'Rita Tester' },
  { id: 'ann', name: 'Ann Lee' },
  { id: 'ann-leeson', name: 'Ann Leeson' },
  { id: 'conor', name: "Conor O'Brien (he/him)" },
];

describe('mentionsIn', () => {
  it.each([
    ['@Rita Tester, what do you think?', ['rita']],
    ['@rita tester and @ANN LEE', ['rita', 'ann']],
    ['first @Ann Lee then @Rita Tester', ['ann', 'rita']],
    ['@Ann Leeson read it', ['ann-leeson']],
    ['@Ann Lee: @Ann Leeson', ['ann', 'ann-leeson']],
    ['@Rita  Tester (two spaces)', ['rita']],
    ['(@Rita Tester)', ['rita']],
    ["@Conor O'Brien (he/him) please", ['conor']],
    ['@Rita Tester @Rita Tester', ['rita']],
  ])('%j names %j', (text, ids) => {
    expect(mentionsIn(text, PEOPLE)).toEqual(ids);
  });

  it.each([
    ['rita@Rita Tester is an address'],
    ['Rita Tester without the at sign'],
    ['@Rita Testers is someone else'],
    ['@Rita'],
    ['a.@Ann Lee'],
  ])('%j names nobody', (text) => {
    expect(mentionsIn(text, PEOPLE)).toEqual([]);
  });

  it('names no one without a name', () => {
    expect(mentionsIn('@ hello', [{ id: 'x', name: ' ' }])).toEqual([]);
  });
});

describe('who reads a note', () => {
  const reviewer = (over: Partial<NoteReader> = {}): NoteReader => ({
    id: 'rob',
    superReviewer: false,
    submittedOwn: false,
    ...over,
  });
  const byRita = { authorId: 'rita', authorRole: 'reviewer' as const, private: false };
  const byDora = { authorId: 'dora', authorRole: 'super-reviewer' as const, private: false };
  const privateByDora = { ...byDora, private: true };

  it("another reviewer's note waits until the reader's own review is submitted", () => {
    expect(noteVisibleTo(byRita, reviewer())).toBe(false);
    expect(noteWaitsFor(byRita, reviewer())).toBe(true);
    expect(noteVisibleTo(byRita, reviewer({ submittedOwn: true }))).toBe(true);
    expect(noteWaitsFor(byRita, reviewer({ submittedOwn: true }))).toBe(false);
  });

  it('its author and super-reviewers always read it; a super-reviewer note reaches every reviewer', () => {
    expect(noteVisibleTo(byRita, reviewer({ id: 'rita' }))).toBe(true);
    expect(noteVisibleTo(byRita, { id: 'dora', superReviewer: true, submittedOwn: false })).toBe(true);
    expect(noteVisibleTo(byDora, reviewer())).toBe(true);
  });

  it('a private note is for super-reviewers alone, and never counted as waiting', () => {
    expect(noteVisibleTo(privateByDora, reviewer({ submittedOwn: true }))).toBe(false);
    expect(noteWaitsFor(privateByDora, reviewer())).toBe(false);
    expect(noteVisibleTo(privateByDora, { id: 'dina', superReviewer: true, submittedOwn: false })).toBe(true);
  });
});

test('how many notes wait reads as a count of them', () => {
  expect(NOTE_MESSAGES.hidden(1)).toBe(
    '1 note by another reviewer shows once you have submitted your review or interview of this application.',
  );
  expect(NOTE_MESSAGES.hidden(3)).toMatch(/^3 notes by other reviewers show once/);
});

describe('noteBodySchema', () => {
  it('trims the text and refuses an empty or too long one with a clear message', () => {
    expect(noteBodySchema.parse({ text: '  hello \n' })).toEqual({ text: 'hello' });
    const empty = noteBodySchema.safeParse({ text: ' \n ' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([NOTE_MESSAGES.empty]);
    const long = noteBodySchema.safeParse({ text: 'a'.repeat(MAX_NOTE_CHARS + 1) });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual(['A note is at most 2,000 characters']);
    expect(noteBodySchema.safeParse({ text: 'a'.repeat(MAX_NOTE_CHARS) }).success).toBe(true);
  });
});
