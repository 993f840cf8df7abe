import { DELETED_APPLICANT, displayName, type AuditAction, type AuditEntry, type User } from '@portal/shared/domain';
import { responseIndexId } from '../responses/responses.repository';
import type { UserFootprint } from './admin-users.repository';

/**
 * The audit log keeps who did what, and an erasure (an applicant deleting their account, a form's
 * retention) must leave no name, email or id of theirs anywhere (docs/security.md). So before their
 * data goes, every audit entry that names them is rewritten: they become DELETED_APPLICANT, and
 * their ids, email and name are replaced wherever the entry holds them (its target, before and
 * after). What the entry records stays: the action, when, who else acted, the form, the values.
 * This is the one change an audit entry ever gets.
 */

/** Who an anonymised entry names instead of the erased person (also the id of an anonymous erasure's own entry). */
export const ERASED_ID = 'deleted-applicant';
/** What an id or email of theirs becomes inside an entry. */
export const ERASED_TEXT = '[erased]';

/** What an applicant does themselves: in an erasure of one form's data, the entries they made of these go too. */
const APPLICANT_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'interview.booked',
  'interview.booking-cancelled',
  'offer.replied',
]);

/**
 * Names staff gave things (a tag): such an entry names an applicant when either part of their name
 * stands alone in it ("Ask Zelda again"), as the tag itself is rewritten (staff/tags).
 */
const STAFF_NAMING_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'tag.created',
  'tag.changed',
  'tag.deleted',
]);

/** Everything an audit entry could name someone by. */
export interface ErasedPerson {
  userId: string;
  email: string;
  /** Their display name (found standing alone, never inside another word). */
  name: string;
  /**
   * Their first and last name: a value that is exactly one of them names them; inside an entry that
   * names them, each standing alone is replaced too (a reason someone typed: "Zelda is my flatmate").
   */
  nameParts: string[];
  /** The ids of what goes: responses, rows, reviews and interviews of them, bookings, emails, files, conflicts. */
  ids: string[];
  /**
   * Only one form's data goes (the account stays): an entry names them only through the ids above,
   * or as the applicant acting (booking, replying to an offer), or, for an applicant (never staff),
   * by their name; their work as staff stays theirs.
   */
  formOnly: boolean;
  /** Whether they are an applicant (a staff member's name in a form's entries is their staff work). */
  applicant: boolean;
}

/** The person behind `user` and the part of their footprint that goes (`formId`: only that form's). */
export function erasedPerson(user: User, footprint: UserFootprint, formId?: string): ErasedPerson {
  const name = displayName(user);
  return {
    userId: user.id,
    email: user.email.toLowerCase(),
    name,
    nameParts: [user.firstName.trim(), user.lastName.trim()].filter(Boolean),
    ids: [
      ...footprint.responses.map((each) => each.id),
      ...footprint.indexEntryIds,
      ...(formId ? [responseIndexId(user.id, formId)] : []),
      ...footprint.rows.map((each) => each.id),
      ...footprint.assessmentsAbout.map((each) => each.id),
      ...footprint.bookings.map((each) => each.id),
      ...footprint.outboxIds,
      ...footprint.files.map((each) => each.id),
      ...footprint.conflictIds,
    ],
    formOnly: formId !== undefined,
    applicant: user.role === 'applicant',
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A token standing alone: not inside a longer id or word ("eve" is not in "every", nor in "eve-2"),
 * though ids joined by `__`, `.` or `~` (a row's, an email's) count as separate. Ids match as
 * written; names (flags `giu`) in any case.
 */
const standingAlone = (tokens: string[], flags = 'gu') =>
  tokens.length === 0
    ? null
    : new RegExp(
        // The longest first: a row's id is replaced whole, not its response id within it.
        `(?<![\\p{L}\\p{N}-])(?:${[...tokens]
          .sort((a, b) => b.length - a.length)
          .map(escape)
          .join('|')})(?![\\p{L}\\p{N}-])`,
        flags,
      );

interface Matchers {
  person: ErasedPerson;
  ids: RegExp | null;
  applicationIds: RegExp | null;
  email: RegExp;
  name: RegExp | null;
  nameParts: Set<string>;
  /** Their first or last name standing alone: replaced inside an entry that names them (a reason someone typed). */
  partsInText: RegExp | null;
}

const matchersOf = (person: ErasedPerson): Matchers => ({
  person,
  ids: standingAlone([person.userId, ...person.ids].filter(Boolean)),
  applicationIds: standingAlone(person.ids),
  email: new RegExp(escape(person.email), 'giu'),
  name: person.name ? standingAlone([person.name], 'giu') : null,
  nameParts: new Set(person.nameParts.map((part) => part.toLowerCase())),
  partsInText: standingAlone(person.nameParts, 'giu'),
});

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];

const test = (pattern: RegExp | null, text: string) => {
  if (!pattern) return false;
  pattern.lastIndex = 0;
  return pattern.test(text);
};

/** Whether the entry names the person (see ErasedPerson.formOnly). */
function names(entry: AuditEntry, matchers: Matchers): boolean {
  const { person, ids, applicationIds, email, name, nameParts } = matchers;
  const texts = [entry.target.id, ...strings(entry.before), ...strings(entry.after)];
  const byName = (text: string) => test(name, text) || nameParts.has(text.trim().toLowerCase());
  if (
    person.applicant &&
    STAFF_NAMING_ACTIONS.has(entry.action) &&
    texts.some((text) => test(matchers.partsInText, text))
  ) {
    return true;
  }
  if (person.formOnly) {
    if (texts.some((text) => test(applicationIds, text))) return true;
    if (entry.actorId === person.userId) return APPLICANT_ACTIONS.has(entry.action);
    return person.applicant && texts.some((text) => byName(text) || test(email, text));
  }
  return (
    entry.actorId === person.userId ||
    [...texts, entry.actorName].some((text) => test(ids, text) || test(email, text) || byName(text))
  );
}

function scrubbed(value: unknown, matchers: Matchers[]): unknown {
  if (typeof value === 'string') {
    let text = value;
    for (const { ids, email, name, nameParts, partsInText } of matchers) {
      if (nameParts.has(text.trim().toLowerCase())) return DELETED_APPLICANT;
      text = text.replace(email, ERASED_TEXT);
      if (ids) text = text.replace(ids, ERASED_TEXT);
      if (name) text = text.replace(name, DELETED_APPLICANT);
      if (partsInText) text = text.replace(partsInText, DELETED_APPLICANT);
    }
    return text;
  }
  if (Array.isArray(value)) return value.map((each) => scrubbed(each, matchers));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, scrubbed(each, matchers)]));
  }
  return value;
}

/**
 * Compiles `persons` once; the answer tells of an entry whether it names any of them and, if so,
 * what it becomes (null: it names none of them, it stays as it is).
 */
export function auditAnonymiser(persons: ErasedPerson[]): (entry: AuditEntry) => AuditEntry | null {
  const all = persons.map(matchersOf);
  return (entry) => {
    const named = all.filter((matchers) => names(entry, matchers));
    if (named.length === 0) return null;
    const actor = named.find(({ person }) => person.userId === entry.actorId);
    return {
      ...entry,
      ...(actor ? { actorId: ERASED_ID, actorName: DELETED_APPLICANT } : {}),
      target: { ...entry.target, id: scrubbed(entry.target.id, named) as string },
      before: scrubbed(entry.before, named),
      after: scrubbed(entry.after, named),
    };
  };
}
