import type { StoredNote } from '../schemas/notes';

/**
 * The rules of notes on an application (docs/product.md#notes-on-an-application), shared by the
 * API, which applies them, and the notes panel, which shows the caller what they will do.
 */

/** Who reads a note: a staff member who may see its application. */
export interface NoteReader {
  id: string;
  superReviewer: boolean;
  /** Every review and interview they hold on the application is submitted (and they hold one). */
  submittedOwn: boolean;
}

type NoteAuthorship = Pick<StoredNote, 'authorId' | 'authorRole' | 'private'>;

/**
 * Whether `reader` reads the note: a super-reviewer reads every note; a private note no one else;
 * its author and a super-reviewer's note anyone who may see the application; another reviewer's
 * note only once the reader's own review is in (so it cannot anchor their scores).
 */
export function noteVisibleTo(note: NoteAuthorship, reader: NoteReader): boolean {
  if (reader.superReviewer) return true;
  if (note.private) return false;
  if (note.authorId === reader.id || note.authorRole === 'super-reviewer') return true;
  return reader.submittedOwn;
}

/** A note the reader will read once their own review is submitted (they are told how many wait). */
export const noteWaitsFor = (note: NoteAuthorship, reader: NoteReader): boolean =>
  !note.private && !noteVisibleTo(note, reader);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The people a note's text names: `@` and their name as it reads ("@Rita Tester"), in any case,
 * standing alone (not inside an address such as rita@example.com, nor the start of a longer name:
 * "@Ann Leeson" names no "Ann Lee"). Their ids, in the order first named.
 */
export function mentionsIn(text: string, people: readonly { id: string; name: string }[]): string[] {
  const found: { id: string; at: number }[] = [];
  for (const person of people) {
    const name = person.name.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_.@])@${escape(name).replace(/ /g, ' +')}(?![\\p{L}\\p{N}_])`, 'iu');
    const match = pattern.exec(text);
    if (match) found.push({ id: person.id, at: match.index });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((each) => each.id))];
}
