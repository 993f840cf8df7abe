import { randomUUID } from 'node:crypto';
import {
  applicantPseudonym,
  DELETED_APPLICANT,
  DELETED_REVIEWER,
  displayName,
  escapeMarkdown,
  formTeamRoles,
  isBlind,
  MAX_NOTES_PER_APPLICATION,
  mentionsIn,
  NOTE_MESSAGES,
  noteVisibleTo,
  noteWaitsFor,
  STAFF_MESSAGES,
  teamRoleLabel,
  typedMarkdown,
  type ApplicationForm,
  type ApplicationResponse,
  type Assessment,
  type AuditAction,
  type Mentionable,
  type NoteBody,
  type NoteReader,
  type NotesDocument,
  type NotesPage,
  type NoteView,
  type StoredNote,
  type User,
} from '@portal/shared/domain';
import { auditEntry } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { composeMessage, outboxEvents, outboxId, type MailSettings, type OutboxMessage } from '../../outbox/outbox';
import { noResponseError } from '../../responses/responses.service';
import { COLLECTIONS } from '../../store/collections';
import { formOrNotFound } from '../dashboard/dashboard.service';
import type { NotesRepository, NotesTransaction } from './notes.repository';

/**
 * Notes on an application (docs/product.md#notes-on-an-application). Who may see an application
 * (a super-reviewer, or staff with a review or interview of it) reads and writes its notes; who
 * reads which note is `noteVisibleTo`; a note names people with `@` (`mentionsIn`), each told once
 * by email through the outbox, in the note's transaction with its audit entry. A note never
 * carries the applicant: a reviewer on a blind stage reads the page and the email as they read
 * the application, by the pseudonym.
 */

/** Someone who may see the application, with the work they hold on it. */
interface Person {
  user: User;
  superReviewer: boolean;
  /** Their reviews and interviews of the response. */
  own: Assessment[];
}

/** The caller's view of one application, read before anything is decided. */
interface Context {
  caller: User;
  response: ApplicationResponse;
  form: ApplicationForm;
  assessments: Assessment[];
  reader: NoteReader;
}

const readerOf = (user: User, own: Assessment[]): NoteReader => ({
  id: user.id,
  superReviewer: user.role === 'super-reviewer',
  submittedOwn: own.length > 0 && own.every((each) => each.state === 'submitted'),
});

/** Everyone an application's notes name (their names are read before a transaction that records them). */
const mentionedIn = (stored: NotesDocument | null) => (stored?.notes ?? []).flatMap((note) => note.mentionIds);

const noNoteError = () => new ApiError('not-found', NOTE_MESSAGES.noNote);

/** The plain text of a note quoted in an email: each line escaped and never linked. */
const quoted = (text: string) =>
  text
    .split(/\r\n?|\n/)
    .map((line) => `> ${typedMarkdown(line)}`)
    .join('\n');

const ids = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** Where the person reads the notes: the application page (a super-reviewer), else their review or interview. */
function notesPath(person: Person, form: ApplicationForm, responseId: string): string {
  const work = person.own.find((each) => each.kind === 'review') ?? person.own[0];
  if (person.superReviewer || !work) return `/admin/dor/application/${ids(form.id, responseId)}`;
  // 'first': the review screen opens on the first section it shows (admin-app assessment-links.tsx).
  return work.kind === 'review'
    ? `/admin/review/f/${ids(form.id, responseId, 'first', work.id)}`
    : `/admin/interview/f/${ids(form.id, responseId, work.id)}`;
}

export function createNotesService(deps: { notes: NotesRepository; now: () => Date; mail: MailSettings }) {
  const { notes: repository, now, mail } = deps;

  /** The caller may see the application (403 `notAssigned` otherwise, as its view answers); 404 without it. */
  async function contextOf(responseId: string, caller: User): Promise<Context> {
    const assessments = await repository.assessmentsOn(responseId);
    const own = assessments.filter((each) => each.staffId === caller.id);
    if (caller.role !== 'super-reviewer' && own.length === 0) {
      throw ApiError.because('not-assigned', STAFF_MESSAGES.notAssigned);
    }
    const response = await repository.getResponse(responseId);
    if (!response) throw noResponseError();
    if (response.userId === caller.id) throw new ApiError('forbidden', NOTE_MESSAGES.ownApplication);
    const form = await formOrNotFound(repository, response.applicationFormId);
    return { caller, response, form, assessments, reader: readerOf(caller, own) };
  }

  /** The applicant's name, for the emails of those who read it. */
  const applicantNameOf = async (context: Context) => {
    const applicant = await repository.getUser(context.response.userId);
    return applicant ? displayName(applicant) : DELETED_APPLICANT;
  };

  /** Everyone who may see the application: every super-reviewer, and the staff holding work on it (never its applicant). */
  async function peopleOf(context: Context): Promise<Person[]> {
    const supers = await repository.superReviewers();
    const superIds = new Set(supers.map((user) => user.id));
    const staffIds = [...new Set(context.assessments.map((each) => each.staffId))].filter((id) => !superIds.has(id));
    const reviewers = (await Promise.all(staffIds.map((id) => repository.getUser(id)))).filter(
      (user): user is User => user?.role === 'reviewer',
    );
    return [...supers, ...reviewers]
      .filter((user) => user.id !== context.response.userId)
      .map((user) => ({
        user,
        superReviewer: user.role === 'super-reviewer',
        own: context.assessments.filter((each) => each.staffId === user.id),
      }));
  }

  /** Who a note may name: those who may read it (a private note: super-reviewers), never its author. */
  const candidatesFor = (people: Person[], author: User, isPrivate: boolean) =>
    people.filter((person) => person.user.id !== author.id && (!isPrivate || person.superReviewer));

  const mentionIdsIn = (text: string, candidates: Person[]) =>
    mentionsIn(
      text,
      candidates.map((person) => ({ id: person.user.id, name: displayName(person.user) })),
    );

  /** Names by user id: of the people given, else of the stored users (none for someone deleted). */
  async function namesOf(userIds: Iterable<string>, people: Person[]): Promise<Map<string, string>> {
    const names = new Map(people.map((person) => [person.user.id, displayName(person.user)]));
    const missing = [...new Set(userIds)].filter((id) => !names.has(id));
    const users = await Promise.all(missing.map((id) => repository.getUser(id)));
    users.forEach((user, at) => {
      if (user) names.set(missing[at]!, displayName(user));
    });
    return names;
  }

  const viewOf = (note: StoredNote, caller: User, names: Map<string, string>): NoteView => ({
    id: note.id,
    authorName: names.get(note.authorId) ?? DELETED_REVIEWER,
    bySuperReviewer: note.authorRole === 'super-reviewer',
    text: note.text,
    private: note.private,
    mentions: note.mentionIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
    createdAt: note.createdAt,
    editedAt: note.editedAt,
    mine: note.authorId === caller.id,
  });

  /** In the transaction: the caller may still see the application (a role or an assignment may have gone meanwhile). */
  async function confirmAccess(tx: NotesTransaction, context: Context): Promise<void> {
    const [response, caller] = await Promise.all([tx.getResponse(context.response.id), tx.getUser(context.caller.id)]);
    if (!response) throw noResponseError();
    if (caller?.role === 'super-reviewer') return;
    if (!(await holdsWork(tx, context.response.id, context.caller.id))) {
      throw ApiError.because('not-assigned', STAFF_MESSAGES.notAssigned);
    }
  }

  const holdsWork = async (tx: NotesTransaction, responseId: string, staffId: string) =>
    (await tx.countAssessments('review', responseId, staffId)) +
      (await tx.countAssessments('interview', responseId, staffId)) >
    0;

  /**
   * The emails of a note written or edited: one to each person it names who may still see the
   * application and has not been told of this note yet. Reads in the transaction; the messages to queue.
   */
  async function mentionMessages(
    tx: NotesTransaction,
    context: Context,
    note: StoredNote,
    people: Person[],
    applicantName: string,
  ): Promise<OutboxMessage[]> {
    const { form, response, caller } = context;
    const named = people.filter((person) => note.mentionIds.includes(person.user.id));
    if (named.length === 0) return [];
    const event = outboxEvents.noteMention(note.id);
    const at = now().toISOString();
    const messages: OutboxMessage[] = [];
    for (const person of named) {
      const user = await tx.getUser(person.user.id);
      if (!user || (user.role !== 'super-reviewer' && (note.private || !(await holdsWork(tx, response.id, user.id))))) {
        continue;
      }
      if (await tx.getOutboxMessage(outboxId(event, user.id))) continue;
      const recipient = { ...person, user, superReviewer: user.role === 'super-reviewer' };
      const blind = !recipient.superReviewer && isBlind(form, [...new Set(recipient.own.map((each) => each.kind))]);
      const readable = noteVisibleTo(note, readerOf(user, recipient.own));
      const message = composeMessage({
        kind: 'noteMention',
        form,
        event,
        recipient: user,
        values: {
          firstName: user.firstName,
          semester: form.semester,
          role: response.rolesApplied.map((role) => teamRoleLabel(formTeamRoles(form), role)).join(', '),
          author: displayName(caller),
          applicant: blind ? applicantPseudonym(response.id) : applicantName,
          note: readable ? quoted(note.text) : escapeMarkdown(NOTE_MESSAGES.notYetReadable),
          noteLink: `${mail.portalUrl}${notesPath(recipient, form, response.id)}`,
        },
        settings: mail,
        at,
      });
      // Erased with the applicant (their footprint's messages about them).
      messages.push({ ...message, aboutUserId: response.userId });
    }
    return messages;
  }

  /** The note's audit entry: who, which application, whether private, whom it named; never its text. */
  const noteEntry = (
    action: AuditAction,
    context: Context,
    note: StoredNote,
    change: { before: unknown; after: unknown },
    at: string,
  ) =>
    auditEntry({
      actor: context.caller,
      action,
      target: { collection: COLLECTIONS.notes, id: note.id },
      formId: context.form.id,
      ...change,
      at,
    });

  const summaryOf = (note: StoredNote, names: Map<string, string>) => ({
    characters: note.text.length,
    mentioned: note.mentionIds.map((id) => names.get(id) ?? DELETED_REVIEWER).join(', '),
  });

  /** The note as the caller may change it: 404 if they cannot read it, 403 unless they wrote it. */
  function ownNote(notes: StoredNote[], noteId: string, context: Context): StoredNote {
    const note = notes.find((each) => each.id === noteId);
    if (!note || !noteVisibleTo(note, context.reader)) throw noNoteError();
    if (note.authorId !== context.caller.id) throw new ApiError('forbidden', NOTE_MESSAGES.notAuthor);
    return note;
  }

  return {
    async list(responseId: string, caller: User): Promise<NotesPage> {
      const context = await contextOf(responseId, caller);
      const [stored, people] = await Promise.all([repository.getNotes(responseId), peopleOf(context)]);
      const all = stored?.notes ?? [];
      const names = await namesOf(
        all.flatMap((note) => [note.authorId, ...note.mentionIds]),
        people,
      );
      const mentionable: Mentionable[] = candidatesFor(people, caller, false).map((person) => ({
        id: person.user.id,
        name: displayName(person.user),
        superReviewer: person.superReviewer,
      }));
      mentionable.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
      const { form } = context;
      return {
        items: all.filter((note) => noteVisibleTo(note, context.reader)).map((note) => viewOf(note, caller, names)),
        mentionable,
        canMarkPrivate: context.reader.superReviewer,
        hiddenUntilSubmitted: all.filter((note) => noteWaitsFor(note, context.reader)).length,
        blindStages: Boolean(form.blindReview?.review || form.blindReview?.interview),
        ...(form.timeZone ? { timeZone: form.timeZone } : {}),
      };
    },

    async create(responseId: string, caller: User, body: NoteBody): Promise<NoteView> {
      const context = await contextOf(responseId, caller);
      const isPrivate = body.private === true;
      if (isPrivate && !context.reader.superReviewer) {
        throw new ApiError('forbidden', NOTE_MESSAGES.privateSuperOnly);
      }
      const people = await peopleOf(context);
      const at = now().toISOString();
      const note: StoredNote = {
        id: randomUUID(),
        authorId: caller.id,
        authorRole: caller.role,
        text: body.text,
        private: isPrivate,
        mentionIds: mentionIdsIn(body.text, candidatesFor(people, caller, isPrivate)),
        createdAt: at,
        editedAt: null,
      };
      const [names, applicantName] = await Promise.all([
        namesOf([caller.id, ...note.mentionIds], people),
        applicantNameOf(context),
      ]);
      await repository.transaction(async (tx) => {
        await confirmAccess(tx, context);
        const stored = await tx.getNotes(responseId);
        if ((stored?.notes.length ?? 0) >= MAX_NOTES_PER_APPLICATION)
          throw new ApiError('conflict', NOTE_MESSAGES.full);
        const messages = await mentionMessages(tx, context, note, people, applicantName);
        tx.setNotes({ responseId, formId: context.form.id, notes: [...(stored?.notes ?? []), note] });
        for (const message of messages) tx.queueMessage(message);
        tx.record(
          noteEntry(
            'note.created',
            context,
            note,
            { before: null, after: { responseId, private: note.private, ...summaryOf(note, names) } },
            at,
          ),
        );
      });
      return viewOf(note, caller, names);
    },

    async edit(responseId: string, noteId: string, caller: User, text: string): Promise<NoteView> {
      const context = await contextOf(responseId, caller);
      const people = await peopleOf(context);
      const [names, applicantName] = await Promise.all([
        namesOf([caller.id, ...mentionedIn(await repository.getNotes(responseId))], people),
        applicantNameOf(context),
      ]);
      const at = now().toISOString();
      const note = await repository.transaction(async (tx) => {
        await confirmAccess(tx, context);
        const stored = await tx.getNotes(responseId);
        const note = ownNote(stored?.notes ?? [], noteId, context);
        if (note.text === text) return note;
        const next: StoredNote = {
          ...note,
          text,
          mentionIds: mentionIdsIn(text, candidatesFor(people, caller, note.private)),
          editedAt: at,
        };
        const messages = await mentionMessages(tx, context, next, people, applicantName);
        tx.setNotes({
          ...stored!,
          notes: stored!.notes.map((each) => (each.id === noteId ? next : each)),
        });
        for (const message of messages) tx.queueMessage(message);
        tx.record(
          noteEntry(
            'note.edited',
            context,
            next,
            { before: { responseId, ...summaryOf(note, names) }, after: { responseId, ...summaryOf(next, names) } },
            at,
          ),
        );
        return next;
      });
      return viewOf(note, caller, names);
    },

    async remove(responseId: string, noteId: string, caller: User): Promise<void> {
      const context = await contextOf(responseId, caller);
      const people = await peopleOf(context);
      const names = await namesOf(mentionedIn(await repository.getNotes(responseId)), people);
      const at = now().toISOString();
      await repository.transaction(async (tx) => {
        await confirmAccess(tx, context);
        const stored = await tx.getNotes(responseId);
        const note = ownNote(stored?.notes ?? [], noteId, context);
        const rest = stored!.notes.filter((each) => each.id !== noteId);
        if (rest.length === 0) tx.deleteNotes(responseId);
        else tx.setNotes({ ...stored!, notes: rest });
        tx.record(
          noteEntry(
            'note.deleted',
            context,
            note,
            { before: { responseId, private: note.private, ...summaryOf(note, names) }, after: null },
            at,
          ),
        );
      });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
