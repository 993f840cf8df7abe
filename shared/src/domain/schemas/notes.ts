import './zod-config';
import { z } from 'zod/mini';
import type { UserRole } from '../ids/constants';
import { countOf, plural } from '../ids/text';

/**
 * Notes on an application (docs/product.md#notes-on-an-application): staff who may see an
 * application write plain-text notes on it for the other staff who may see it, and name each other
 * with `@First Last` (an email through the outbox). A super-reviewer may keep a note private to
 * super-reviewers. A reviewer's note reaches the other reviewers only once they have submitted
 * their own work on the application, so notes do not anchor scores. Stored in `application-notes`,
 * one document per application (its response): `NotesDocument`.
 */

/** The longest note, in characters (after trimming). */
export const MAX_NOTE_CHARS = 2000;
/**
 * The most notes one application holds: they share one document (at most 1 MiB), and 100 notes of
 * 2,000 characters of any script stay well under it.
 */
export const MAX_NOTES_PER_APPLICATION = 100;

export const NOTE_MESSAGES = {
  empty: 'Write the note first',
  tooLong: `A note is at most ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters`,
  noNote: 'No note with this ID',
  notAuthor: 'Only its author can edit or delete a note',
  privateSuperOnly: 'Only a super-reviewer can keep a note private to super-reviewers',
  ownApplication: 'Notes on your own application are not yours to read or write',
  full: `This application has ${MAX_NOTES_PER_APPLICATION} notes, the most it can hold: delete one to add another`,
  /** The notes panel with nothing in it. */
  none: 'No notes yet.',
  /** Under the empty state: who reads what is written here. */
  readers: 'Notes are read by the staff who can see this application. Type @ to notify one of them by email.',
  /** Reviewers' notes a reviewer reads only once their own work on the application is submitted. */
  hidden: (count: number) =>
    `${countOf(count, 'note')} by ${plural(count, 'another reviewer', 'other reviewers')} ${plural(count, 'shows', 'show')} once you have submitted your review or interview of this application.`,
  /** Beside the editor of a super-reviewer, when a stage of the form is blind. */
  blindHint: 'Reviewers on a blind stage read the notes that are not private: do not name the applicant in them.',
  privateBox: 'Private to super-reviewers',
  /** In a mention email to someone who may not read the note yet. */
  notYetReadable:
    'You can read this note once you have submitted your review or interview of this application (notes by other reviewers wait until then, so they do not sway your scores).',
} as const;

const noteTextSchema = z
  .string()
  .check(z.trim(), z.minLength(1, NOTE_MESSAGES.empty), z.maxLength(MAX_NOTE_CHARS, NOTE_MESSAGES.tooLong));

/** POST /admin/responses/{responseId}/notes */
export const noteBodySchema = z.strictObject({
  text: noteTextSchema,
  /** Only a super-reviewer may set it: the note is then read by super-reviewers alone. */
  private: z.optional(z.boolean()),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

/** PUT /admin/responses/{responseId}/notes/{noteId}: the author changes the text (who reads it stays). */
export const noteEditBodySchema = z.strictObject({ text: noteTextSchema });
export type NoteEditBody = z.infer<typeof noteEditBodySchema>;

/** One note as stored, inside its application's `NotesDocument`. */
export type StoredNote = {
  id: string;
  /** The author's user id; their name is read when the note is (a deleted author reads as DELETED_REVIEWER). */
  authorId: string;
  /** The author's role when they wrote it: a reviewer's note waits for the other reviewers' submissions. */
  authorRole: UserRole;
  text: string;
  private: boolean;
  /** Who the text names with `@` (`mentionsIn`), among those who could read it when it was last written. */
  mentionIds: string[];
  createdAt: string;
  editedAt: string | null;
};

/** `application-notes/{responseId}`: every note on one application, oldest first. */
export type NotesDocument = {
  responseId: string;
  formId: string;
  notes: StoredNote[];
};

/** A note as the API answers it: nothing of the applicant, the author by name. */
export type NoteView = {
  id: string;
  authorName: string;
  /** Written by a super-reviewer (the director of recruitment or another). */
  bySuperReviewer: boolean;
  text: string;
  private: boolean;
  /** The names of the people it notified. */
  mentions: string[];
  createdAt: string;
  editedAt: string | null;
  /** The caller wrote it: they alone edit and delete it. */
  mine: boolean;
};

/** Someone a note may name with `@`: staff who may see the application. */
export type Mentionable = { id: string; name: string; superReviewer: boolean };

/** GET /admin/responses/{responseId}/notes */
export type NotesPage = {
  /** Oldest first: the notes the caller may read. */
  items: NoteView[];
  /** Who the caller may mention (never themselves): in a private note, only the super-reviewers. */
  mentionable: Mentionable[];
  /** The caller is a super-reviewer: they may keep a note private to super-reviewers. */
  canMarkPrivate: boolean;
  /** Reviewers' notes the caller reads once their own work on the application is submitted. */
  hiddenUntilSubmitted: number;
  /** A stage of the form is blind (a super-reviewer is reminded not to name the applicant). */
  blindStages: boolean;
  /** The form's time zone, if it names one (the notes' times are shown in it). */
  timeZone?: string;
};
